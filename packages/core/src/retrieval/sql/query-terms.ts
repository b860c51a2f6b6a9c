// The first round trip of a search: transaction settings, the caller, and the query's lexemes.
import { sql, type SQL } from 'drizzle-orm';

export interface QueryTerm {
  lexeme: string;
  /** How often the query says it. */
  qtf: number;
}

export interface PreludeRow {
  uid: string | null;
  lexemes: string[] | null;
  qtfs: number[] | null;
}

/**
 * Lets the HNSW scan continue past ef_search when filters (scope, validity, row-level security)
 * reject candidates, instead of returning too few rows (transaction-local); returns the caller
 * (keys the statistics cache; null outside a user transaction) and the query's English lexemes,
 * stemmed and without stopwords by the same configuration that built the documents.
 */
export function preludeStatement(query: string, efSearch: number, genericPlans = false): SQL {
  return sql`select ${hnswSettingsSql(efSearch, genericPlans)}, svc_uid()::text as uid,
    (select array_agg(u.lexeme order by u.lexeme) from unnest(to_tsvector('english'::regconfig, ${query})) u) as lexemes,
    (select array_agg(coalesce(nullif(cardinality(u.positions), 0), 1) order by u.lexeme)
       from unnest(to_tsvector('english'::regconfig, ${query})) u) as qtfs`;
}

/**
 * The prelude's HNSW settings alone, for a search whose words were planned in an earlier
 * transaction (they are transaction-local, so the one running the vector leg sets them again).
 */
export function searchSettingsStatement(efSearch: number): SQL {
  return sql`select ${hnswSettingsSql(efSearch, false)}`;
}

/**
 * The same settings by name, for a transaction that makes them when it opens (`readsAsUser`).
 * `genericPlans` where the database keeps its statements prepared (`Database.keepsPlans`): the
 * search's statements are then planned once for all their runs, not at every run (planning the
 * candidates statement took 2-3 ms of its 10-20). Their LIMITs are written into the text, so
 * that plan still orders by the HNSW index.
 */
export function hnswSettings(efSearch: number, genericPlans = false): Readonly<Record<string, string>> {
  return {
    'hnsw.iterative_scan': 'relaxed_order',
    'hnsw.ef_search': String(efSearch),
    ...(genericPlans && { plan_cache_mode: 'force_generic_plan' }),
  };
}

function hnswSettingsSql(efSearch: number, genericPlans: boolean): SQL {
  return sql.join(
    Object.entries(hnswSettings(efSearch, genericPlans)).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
    sql`, `,
  );
}

/** A pasted page as a query would otherwise cost one index probe per distinct word. */
export const MAX_QUERY_TERMS = 64;

/** The query's words, the most repeated first when there are more than MAX_QUERY_TERMS. */
export function queryTerms(row: PreludeRow | undefined): QueryTerm[] {
  const lexemes = row?.lexemes ?? [];
  const terms = lexemes.map((lexeme, i) => ({ lexeme, qtf: Number(row?.qtfs?.[i] ?? 1) }));
  if (terms.length <= MAX_QUERY_TERMS) return terms;
  return [...terms].sort((a, b) => b.qtf - a.qtf).slice(0, MAX_QUERY_TERMS);
}

/** A lexeme as tsquery text: it is normalised already, so it is quoted, never parsed again. */
export function tsqueryText(lexemes: readonly string[]): string {
  return lexemes.map((l) => `'${l.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');
}

/** Any of the lexemes as a speaker's word (weight B of the search documents), as a bound tsquery. */
export function speakerQueryOf(lexemes: readonly string[]): SQL {
  return sql`${lexemes.map((l) => `${tsqueryText([l])}:B`).join(' | ')}::tsquery`;
}

/** A bound tsquery the planner sees as a value (GIN selectivity from column statistics). */
export function tsqueryOf(lexemes: readonly string[], operator: '|' | '&' = '|'): SQL {
  const text = operator === '|' ? tsqueryText(lexemes) : lexemes.map((l) => tsqueryText([l])).join(' & ');
  return sql`${text}::tsquery`;
}
