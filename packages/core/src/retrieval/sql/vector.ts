// The vector leg: nearest memories by cosine distance, exactly in a small collection, else through the model's partial HNSW index.
import { fail } from '@svc/errors';
import { vectorText } from '@svc/db';
import { sql, type SQL } from 'drizzle-orm';
import type { SearchFilters } from '../types';
import { limitLiteral, quoteLiteral } from './arrays';
import { countsRows } from './filters';

/** pgvector's HNSW limit for `vector`, as in ensureEmbeddingIndex. */
const MAX_DIMENSIONS = 2000;

export interface QueryVector {
  model: string;
  vector: ArrayLike<number>;
}

/** The dimension comes from the embedder, never from a caller; pgvector's HNSW takes at most 2000. */
function dimensionsOf(q: QueryVector): number {
  const dims = q.vector.length;
  if (!Number.isInteger(dims) || dims < 1 || dims > MAX_DIMENSIONS) {
    throw fail.validation(`embedding dimension must be 1..${MAX_DIMENSIONS}`, { dims });
  }
  return dims;
}

/**
 * The query vector of a statement that holds `queryVectorCte` (every one built on `nearestCtes`):
 * the database reads a vector's text anew for every place a statement names it (about 0.1 ms of
 * the embedded database's thread for 512 numbers), so a statement that needs it in several places
 * sends it once and reads it from there. The HNSW index scan takes it as its ordering operand.
 */
const SHARED_QUERY_VECTOR = sql`(select v from qvec)`;

/** `qvec(v)`: the common table expression SHARED_QUERY_VECTOR reads. */
export function queryVectorCte(q: QueryVector): SQL {
  return sql`qvec as materialized (select ${vectorText(q.vector)}::vector(${sql.raw(String(dimensionsOf(q)))}) as v)`;
}

/**
 * The distance to the query vector, for a statement that holds `queryVectorCte`. It must be spelled
 * exactly as the index created by ensureEmbeddingIndex (`embedding::vector(N)`), and the model
 * inlined as a literal, or the planner cannot use the partial index. The model comes from the
 * embedder, never from a caller.
 */
export function distanceParts(q: QueryVector, alias = 'e') {
  const cast = `::vector(${dimensionsOf(q)})`;
  const distance = sql`(${sql.raw(`${alias}.embedding${cast}`)} <=> ${SHARED_QUERY_VECTOR})`;
  // No vector_dims() check beside the model: its default selectivity (0.5%) makes the planner
  // expect a handful of rows and sort them instead of walking the HNSW index. A model id names
  // one dimension (Embedder.model), so the cast cannot meet another length.
  const modelMatch = sql.raw(`${alias}.model = ${quoteLiteral(q.model)}`);
  return { distance, modelMatch };
}

export interface NearestQuery {
  q: QueryVector;
  /** The search's scopes and projects: the collection whose size chooses the path. */
  filters: SearchFilters;
  /** On `memories m`: validity, filters, exclusions. */
  conditions: SQL;
  depth: number;
  /** See RetrievalTuning.exactVectorDocs. */
  exactDocs: number;
}

/**
 * `qvec(v)`, the query vector (SHARED_QUERY_VECTOR), and
 * `vec_scan(memory_id, distance)`: the `depth` memories nearest the query vector that pass
 * `conditions` on `m`, at most `depth`, in no particular order.
 *
 * Two paths, one chosen inside the statement by the searched collection's size (its documents in
 * memory_search_totals, kept by a trigger; a memory has at most one vector per model):
 * - up to `exactDocs`, exact: the collection's own vectors, read through their `scope_id` copy and
 *   its index, sorted by distance, then each checked against its memory best first until `depth`
 *   pass (as lex_top in candidates.ts). The planner's own exact plan for a small collection read
 *   every memory in scope and looked its vector up by key, twice the time.
 * - above it, the model's partial HNSW index, the memory conditions checked as the scan goes.
 * A pseudo-constant condition on the size gates each branch, so only one of them runs.
 */
export function nearestCtes({ q, filters, conditions, depth, exactDocs }: NearestQuery): SQL {
  const { distance, modelMatch } = distanceParts(q);
  // Spelled without the index's cast so that the HNSW index can never serve it: its scan is
  // approximate, and in relaxed order it would break the sort on distance (an incremental sort
  // trusts its input's order).
  const exactDistance = sql`(e.embedding <=> ${SHARED_QUERY_VECTOR}::vector)`;
  // The scopes the caller may read documents of, narrowed by the filters: for a search naming no
  // scope, the readable ones (the totals are read under the documents' own visibility rule).
  return sql`
  ${queryVectorCte(q)},
  vec_scopes as materialized (
    select t.scope_id, sum(t.docs) as docs from ${countsRows('memory_search_totals', filters)} t
    group by t.scope_id),
  vec_exact as materialized (select coalesce(sum(docs), 0) <= ${exactDocs} as exact from vec_scopes),
  vec_sorted as materialized (
    select e.memory_id, ${exactDistance}::float8 as distance from memory_embeddings e
    where (select exact from vec_exact) and ${modelMatch}
      -- A vector stored before its scope column existed (null until the re-embedding job fills
      -- it, migration 0024) is found through that migration's partial index; none once filled.
      and (e.scope_id = any(array(select scope_id from vec_scopes)) or e.owner_id is null)
    order by 2, 1),
  vec_scan as materialized (
    (select s.memory_id, s.distance from vec_sorted s
      where (select true from memories m where m.id = s.memory_id and ${conditions})
      limit ${limitLiteral(depth)})
    union all
    (select e.memory_id, ${distance}::float8 as distance
      from memory_embeddings e join memories m on m.id = e.memory_id
      where not (select exact from vec_exact) and ${modelMatch} and ${conditions}
      order by ${distance}
      limit ${limitLiteral(depth)}))`;
}

/** `vec(memory_id, distance, vec_rank)`: the `depth` nearest memories passing `conditions` on `m`. */
export function vectorCte(query: NearestQuery): SQL {
  return sql`${nearestCtes(query)},
  -- The iterative index scan may return rows slightly out of order (relaxed_order): re-rank.
  vec as materialized (
    select memory_id, distance, row_number() over (order by distance, memory_id) as vec_rank
    from vec_scan)`;
}
