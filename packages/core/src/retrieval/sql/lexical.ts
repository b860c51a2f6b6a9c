// BM25F over memory_search_docs, computed in SQL from the stored tsvector (works on PGlite and PostgreSQL alike).
import { sql, type SQL } from 'drizzle-orm';
import type { LexicalPlan, PlannedTerm } from '../lexical-plan';
import type { RetrievalTuning } from '../tuning';
import type { SearchFilters } from '../types';
import { textArray } from './arrays';
import { scopeArgument } from './filters';
import { speakerQueryOf, tsqueryOf } from './query-terms';

/**
 * Which memories are scored: those holding an uncommon query word, common words only adding to
 * their scores (Elasticsearch's common-terms query), since scoring costs time linear in the
 * documents scored. When every word is common, as that query does, the memories holding all of
 * them (a conjunction of common words is far rarer than any one: "build data team test" matched
 * half of a 100k store word by word, 0.5% together), the newest `commonConjunctionDocs` of them. Below
 * the bound (any collection that size, every LoCoMo conversation) every match is scored: exact BM25F.
 *
 * Rows: one per scored memory, with each query word's field-weighted frequency f (in the plan's
 * order) and whether a query word names its speaker (svc_search_doc_fields applies the documents'
 * visibility rule itself, in the visit that matched them).
 */
function scoredRows(plan: LexicalPlan, filters: SearchFilters, t: RetrievalTuning): SQL {
  const rare = plan.terms.filter((term) => !term.common).map((term) => term.lexeme);
  const lexemes = plan.terms.map((term) => term.lexeme);
  const terms = sql`array[${sql.join(
    lexemes.map((l) => tsqueryOf([l])),
    sql`, `,
  )}]`;
  const { avgOwn, avgCtx } = plan.stats;
  // The order svc_search_doc_fields reads them in (0042).
  const fields = sql`array[${t.b}::float8, ${avgOwn}::float8, ${avgCtx}::float8, ${t.contextWeight}::float8, ${t.dateWeight}::float8]`;
  const args = sql`${terms}, ${speakerQueryOf(lexemes)}, ${fields}, ${scopeArgument(filters)}`;
  if (rare.length > 0) return sql`svc_search_doc_fields(${tsqueryOf(rare)}, ${args})`;
  const window = t.commonConjunctionDocs;
  return sql`svc_search_doc_fields(${tsqueryOf(lexemes, '&')}, ${args}, ${window}, true, ${sortsMatches(plan, window)})`;
}

/**
 * A match read through the words' index and sorted costs about as much as four documents walked
 * newest first and tested (measured at 100k memories on the embedded database). The walk reads at
 * least window × N / (fewest documents of a word) documents for its window; the matches are at
 * most that fewest. Sorted only where that is surely cheaper: the walk is the planner's own
 * choice otherwise, and it walked 15,400 documents for 300 of a word in 2,300.
 */
const SORTED_MATCH_COST = 4;

function sortsMatches(plan: LexicalPlan, window: number): boolean {
  const fewest = Math.min(...plan.terms.map((term) => term.df));
  return SORTED_MATCH_COST * fewest < (window * plan.stats.n) / fewest;
}

/**
 * The common table expressions of the lexical leg, ending in `lex(memory_id, lex_score)`: memories
 * of the searched collection (the caller's visible memories in scope) sharing a word with the
 * query, before validity and other filters.
 *
 * Fields are the tsvector weights the maintenance trigger writes: A own words, B speaker,
 * C neighbouring memories, D month and year. A word's f sums the fields' length-normalised
 * frequencies (BM25F) before the k1 saturation, f / (k1 + f) written as 1 - k1 / (k1 + f); a query
 * word that names the speaker adds `speakerBonus` once. N, document frequencies and average lengths
 * (the plan) describe the searched collection, so another user's words never count.
 */
export function lexicalCtes(plan: LexicalPlan, filters: SearchFilters, t: RetrievalTuning): SQL {
  const { n } = plan.stats;
  const k1 = sql`${t.k1}::float8`;
  const parts = plan.terms.map(
    (term, i) => sql`${idfWeight(term, n)}::float8 * (1 - ${k1} / (${k1} + s.tf[${sql.raw(String(i + 1))}]))`,
  );
  return sql`
  lex as materialized (
    select s.memory_id,
      ${sql.join(parts, sql` + `)} + case when s.said then ${t.speakerBonus}::float8 else 0 end as lex_score
    from ${scoredRows(plan, filters, t)} s)`;
}

/** A word's weight in the score: how often the query says it, times its idf in the collection. */
function idfWeight(term: PlannedTerm, n: number): number {
  return term.qtf * Math.log(1 + (n - term.df + 0.5) / (term.df + 0.5));
}

/**
 * `lex_terms(memory_id, own_terms, context_terms, speaker_terms)`: which of the query's words the
 * memories `ids` (a subquery's) hold in their own text, only in their neighbours', and as their
 * speaker; the reasons given with results, read for the few candidates only. Empty without a plan.
 */
export function lexicalTermsCte(plan: LexicalPlan | null, ids: SQL): SQL {
  if (!plan) {
    return sql`
  lex_terms(memory_id, own_terms, context_terms, speaker_terms) as (
    select null::uuid, null::text[], null::text[], null::text[] where false)`;
  }
  return sql`
  lex_terms as materialized (select * from svc_search_doc_terms(array(${ids}), ${textArray(plan.terms.map((term) => term.lexeme))}))`;
}

/** The lexical leg when no query word occurs in the collection. */
export const EMPTY_LEXICAL = sql`
  lex(memory_id, lex_score) as (select null::uuid, null::float8 where false)`;
