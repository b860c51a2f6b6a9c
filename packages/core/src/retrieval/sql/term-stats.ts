// The plan's round trip: how many searched memories hold each query word, and N with the average field lengths.
import { sql, type SQL } from 'drizzle-orm';
import type { SearchFilters } from '../types';
import { countsRows } from './filters';
import type { QueryTerm } from './query-terms';

/**
 * One row: `docs` (per term, its exact document frequency in the searched collection) and, when
 * `withStats`, N and the average field lengths. Both are read from counts kept per scope and owner
 * as documents change (memory_search_words, migration 0039; memory_search_totals, 0036) under the
 * documents' own rule: the same figures as counting the collection, without reading it.
 */
export function termStatsStatement(terms: readonly QueryTerm[], filters: SearchFilters, withStats: boolean): SQL {
  const counts = terms.map(
    (t) => sql`(select coalesce(sum(w.docs), 0)
      from ${countsRows('memory_search_words', filters, sql`c.lexeme = ${t.lexeme}`)} w)`,
  );
  const stats = withStats
    ? sql`select coalesce(sum(t.docs), 0)::float8 as n,
        greatest(sum(t.own_length) / nullif(sum(t.docs), 0), 1)::float8 as avg_own,
        greatest(sum(t.context_length) / nullif(sum(t.docs), 0), 1)::float8 as avg_ctx
        from ${countsRows('memory_search_totals', filters)} t`
    : sql`select null::float8 as n, null::float8 as avg_own, null::float8 as avg_ctx`;
  const docs = counts.length > 0 ? sql`array[${sql.join(counts, sql`, `)}]::float8[]` : sql`'{}'::float8[]`;
  return sql`select ${docs} as docs, st.n, st.avg_own, st.avg_ctx from (${stats}) st`;
}
