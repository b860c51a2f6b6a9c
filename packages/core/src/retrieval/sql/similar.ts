// The SQL of find_similar: nearest by cosine, or by shared words when no embedder is configured.
import { sql, type SQL } from 'drizzle-orm';
import type { SearchFilters } from '../types';
import { memoryConditions, scopeArgument } from './filters';
import { distanceParts, nearestCtes, queryVectorCte, type QueryVector } from './vector';

export interface SimilarRow {
  memory_id: string;
  similarity: number;
}

function excluding(memoryId: string | undefined): SQL {
  return memoryId ? sql`m.id <> ${memoryId}::uuid` : sql`true`;
}

/** `exactDocs`: see nearestCtes. */
export function vectorSimilarStatement(
  q: QueryVector,
  filters: SearchFilters,
  k: number,
  exactDocs: number,
  exclude?: string,
): SQL {
  const conditions = sql`${memoryConditions(filters)} and ${excluding(exclude)}`;
  return sql`
    with ${nearestCtes({ q, filters, conditions, depth: k, exactDocs })}
    select v.memory_id, (1 - v.distance)::float8 as similarity
    from vec_scan v
    order by v.distance, v.memory_id`;
}

export interface NearRow extends SimilarRow {
  /** The start of the memory's content, for the writer to recognise it. */
  content: string;
}

/**
 * remember's one statement after its insert: `store` (writing the new memory's vector) and the
 * `alongside` writes (marking its check due) run in its WITH, and the nearest memories with their
 * previews come back. The search reads the snapshot from before the statement, so the new vector
 * is not among them; the new memory is excluded anyway. PostgreSQL runs every data-modifying WITH
 * whether or not the query reads it.
 *
 * Not `nearestCtes`' exact path: for a handful of neighbours the HNSW index is cheaper than every
 * distance of even a 1000-memory collection (the statement 8-9 against 12-14 ms p50 there,
 * bench/README.md).
 */
export function storeAndNearStatement(
  store: SQL,
  q: QueryVector,
  filters: SearchFilters,
  k: number,
  exclude: string,
  previewChars: number,
  alongside: readonly SQL[] = [],
): SQL {
  const { distance, modelMatch } = distanceParts(q);
  const more = alongside.map((write, i) => sql`, ${sql.raw(`alongside_${i}`)} as (${write})`);
  return sql`
    with ${queryVectorCte(q)}, stored as (${store})${sql.join(more, sql``)}
    select e.memory_id, (1 - ${distance})::float8 as similarity, left(m.content, ${previewChars}) as content
    from memory_embeddings e join memories m on m.id = e.memory_id
    where ${modelMatch} and ${memoryConditions(filters)} and ${excluding(exclude)}
    order by ${distance}
    limit ${k}`;
}

/** The stored vector of a memory for `model`, as pgvector text; none when it has not been embedded. */
export function storedVectorStatement(memoryId: string, model: string): SQL {
  return sql`select e.embedding::text as embedding from memory_embeddings e
    where e.memory_id = ${memoryId}::uuid and e.model = ${model}`;
}

/**
 * Without vectors: cosine of the two sets of own-field lexemes, |A∩B| / √(|A|·|B|), over the
 * memories sharing at least one lexeme (found through the GIN index by svc_search_doc_matches,
 * then read as the caller).
 */
export function lexicalSimilarStatement(
  text: string,
  filters: SearchFilters,
  k: number,
  exclude?: string,
): SQL {
  return sql`
    with src as materialized (
      select array(select u.lexeme from unnest(to_tsvector('english'::regconfig, ${text})) u) as lexemes),
    qq as materialized (
      select lexemes, cardinality(lexemes) as n,
        (select string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || '''', ' | ')
          from unnest(lexemes) l)::tsquery as tsq
      from src)
    select d.memory_id,
      (select count(*) from unnest(d.terms) u where 'A' = any(u.weights) and u.lexeme = any(qq.lexemes))::float8
        / sqrt(greatest(qq.n, 1)::float8 * greatest(
          (select count(*) from unnest(d.terms) u where 'A' = any(u.weights)), 1)::float8) as similarity
    from qq cross join lateral svc_search_doc_matches(qq.tsq, ${scopeArgument(filters)}) x
      join memory_search_docs d on d.memory_id = x.memory_id
      join memories m on m.id = d.memory_id
    where ${memoryConditions(filters)} and ${excluding(exclude)}
    order by similarity desc, d.memory_id
    limit ${k}`;
}
