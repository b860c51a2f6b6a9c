// The second round trip: how many searched memories hold each query word (counted up to a bound) and N.
import { sql, type SQL } from 'drizzle-orm';
import { STATS_CACHE_MIN_DOCS } from '../collection-stats';
import type { SearchFilters } from '../types';
import { scopeArgument, scopeCondition } from './filters';
import { tsqueryOf, type QueryTerm } from './query-terms';

/** The searched collection: the caller's visible search documents in the searched scopes. */
export function collection(filters: SearchFilters): SQL {
  return sql`select d.memory_id, d.terms, d.own_length, d.context_length, d.seq
    from memory_search_docs d where ${scopeCondition(filters, sql`d.scope_id`)}`;
}

/** Where a common word's document frequency is estimated from (see lexical-plan.ts). */
export const SAMPLE_DOCS = 2000;

/**
 * A word whose sampled share puts it at this many times the common bound or more is common
 * beyond doubt: counting it (a GIN bitmap of every document holding it, 10-20 ms at 100k) would
 * only confirm it. Near the bound the sample's error (and its tilt to the oldest documents) could
 * call an uncommon word common, so those are still counted.
 */
export const SURELY_COMMON_FACTOR = 2;

/**
 * One row: `docs` (per term, counted up to bound + 1 through the GIN index, see
 * svc_search_doc_matches), `sampled` (per term, matches among the first SAMPLE_DOCS documents),
 * `sample_size`, and, when `withStats`, N and the average field lengths (from memory_search_totals)
 * and, for a collection of STATS_CACHE_MIN_DOCS or more, `frequent`: the sample's surely common
 * words and their estimated document frequencies (`frequent_lexemes`, `frequent_docs`).
 */
export function termStatsStatement(
  terms: readonly QueryTerm[],
  filters: SearchFilters,
  bound: number,
  withStats: boolean,
): SQL {
  const scopes = scopeArgument(filters);
  const counts = terms.map(
    (t) =>
      sql`(select count(*) from svc_search_doc_matches(${tsqueryOf([t.lexeme])}, ${scopes}, ${bound + 1}))`,
  );
  // The sample is read only when some word turned out common (a CTE is evaluated when first
  // read): scanning 2000 documents per word is wasted on queries of uncommon words.
  const sampled = terms.map(
    (t, i) => sql`case when c.docs[${i + 1}] > ${bound}
      then (select count(*) from sample s where s.terms @@ ${tsqueryOf([t.lexeme])}) else 0 end`,
  );
  // Kept per scope and owner as documents change (migration 0036), read under the documents' own
  // rule: the same figures as counting the collection, without reading it.
  const stats = withStats
    ? sql`select coalesce(sum(t.docs), 0)::float8 as n,
        greatest(sum(t.own_length) / nullif(sum(t.docs), 0), 1)::float8 as avg_own,
        greatest(sum(t.context_length) / nullif(sum(t.docs), 0), 1)::float8 as avg_ctx
        from memory_search_totals t where ${scopeCondition(filters, sql`t.scope_id`)}`
    : sql`select null::float8 as n, null::float8 as avg_own, null::float8 as avg_ctx`;
  // Read only for a collection whose statistics are cached (STATS_CACHE_MIN_DOCS or more).
  const frequent = withStats
    ? sql`select array_agg(f.lexeme order by f.lexeme) as frequent_lexemes,
          array_agg(f.docs order by f.lexeme) as frequent_docs
        from (select u.lexeme, count(*) * st.n / greatest((select count(*) from sample), 1) as docs
          from sample s cross join lateral unnest(tsvector_to_array(s.terms)) u(lexeme)
          where st.n >= ${STATS_CACHE_MIN_DOCS}
          group by u.lexeme
          having count(*) * st.n / greatest((select count(*) from sample), 1) >= ${SURELY_COMMON_FACTOR * bound}) f`
    : sql`select null::text[] as frequent_lexemes, null::float8[] as frequent_docs`;
  const list = (parts: SQL[]) =>
    parts.length > 0 ? sql`array[${sql.join(parts, sql`, `)}]::float8[]` : sql`'{}'::float8[]`;
  return sql`with coll as not materialized (${collection(filters)}),
    sample as materialized (select c.terms from coll c limit ${SAMPLE_DOCS}),
    counted as materialized (select ${list(counts)} as docs)
    select c.docs, ${list(sampled)} as sampled,
      case when exists (select 1 from unnest(c.docs) x where x > ${bound})
        then (select count(*) from sample)::float8 else 0 end as sample_size,
      st.n, st.avg_own, st.avg_ctx, fr.frequent_lexemes, fr.frequent_docs
    from counted c, (${stats}) st cross join lateral (${frequent}) fr`;
}
