// The vector leg: nearest memories by cosine distance through the model's partial HNSW index.
import { fail } from '@svc/errors';
import { sql, type SQL } from 'drizzle-orm';
import { quoteLiteral, vectorLiteral } from './arrays';

/** pgvector's HNSW limit for `vector`, as in ensureEmbeddingIndex. */
const MAX_DIMENSIONS = 2000;

export interface QueryVector {
  model: string;
  vector: ArrayLike<number>;
}

/**
 * The distance expression must be spelled exactly as the index created by ensureEmbeddingIndex
 * (`embedding::vector(N)`), and the model inlined as a literal, or the planner cannot use the
 * partial index. The dimension and model come from the embedder, never from a caller.
 */
export function distanceParts(q: QueryVector, alias = 'e') {
  const dims = q.vector.length;
  if (!Number.isInteger(dims) || dims < 1 || dims > MAX_DIMENSIONS) {
    throw fail.validation(`embedding dimension must be 1..${MAX_DIMENSIONS}`, { dims });
  }
  const cast = `::vector(${dims})`;
  const distance = sql`(${sql.raw(`${alias}.embedding${cast}`)} <=> ${vectorLiteral(q.vector)}${sql.raw(cast)})`;
  // No vector_dims() check beside the model: its default selectivity (0.5%) makes the planner
  // expect a handful of rows and sort them instead of walking the HNSW index. A model id names
  // one dimension (Embedder.model), so the cast cannot meet another length.
  const modelMatch = sql.raw(`${alias}.model = ${quoteLiteral(q.model)}`);
  return { distance, modelMatch };
}

/** `vec(memory_id, distance, vec_rank)`: the `depth` nearest memories passing `conditions` on `m`. */
export function vectorCte(q: QueryVector, conditions: SQL, depth: number): SQL {
  const { distance, modelMatch } = distanceParts(q);
  return sql`
  vec_scan as materialized (
    select e.memory_id, ${distance}::float8 as distance
    from memory_embeddings e join memories m on m.id = e.memory_id
    where ${modelMatch} and ${conditions}
    order by ${distance}
    limit ${depth}),
  -- The iterative index scan may return rows slightly out of order (relaxed_order): re-rank.
  vec as materialized (
    select memory_id, distance, row_number() over (order by distance, memory_id) as vec_rank
    from vec_scan)`;
}
