// BM25F over memory_search_docs, computed in SQL from the stored tsvector (works on PGlite and PostgreSQL alike).
import { sql, type SQL } from 'drizzle-orm';
import type { LexicalPlan } from '../lexical-plan';
import type { RetrievalTuning } from '../tuning';
import type { SearchFilters } from '../types';
import { textArray } from './arrays';
import { scopeArgument } from './filters';
import { tsqueryOf } from './query-terms';

/**
 * Which memories are scored: those holding an uncommon query word, common words only adding to
 * their scores (Elasticsearch's common-terms query), since scoring costs time linear in the
 * documents scored. When every word is common, as that query does, the memories holding all of
 * them (a conjunction of common words is far rarer than any one: "build data team test" matched
 * half of a 100k store word by word, 0.5% together), the newest `commonConjunctionDocs` of them. Below
 * the bound (any collection that size, every LoCoMo conversation) every match is scored: exact BM25F.
 *
 * Rows: one per scored memory and query word it holds, with that word's weights (svc_search_doc_tf
 * applies the documents' visibility rule itself, in the visit that matched them).
 */
function termRows(plan: LexicalPlan, filters: SearchFilters, bound: number): SQL {
  const rare = plan.terms.filter((t) => !t.common).map((t) => t.lexeme);
  const lexemes = textArray(plan.terms.map((t) => t.lexeme));
  return rare.length > 0
    ? sql`svc_search_doc_tf(${tsqueryOf(rare)}, ${lexemes}, ${scopeArgument(filters)})`
    : sql`svc_search_doc_tf(${tsqueryOf(plan.terms.map((t) => t.lexeme), '&')}, ${lexemes}, ${scopeArgument(filters)}, ${bound}, true)`;
}

/**
 * The common table expressions of the lexical leg, ending in `lex(memory_id, lex_score,
 * own_terms, context_terms, speaker_terms)`: memories of the searched collection (the caller's
 * visible memories in scope) sharing a word with the query, before validity and other filters.
 *
 * Fields are the tsvector weights the maintenance trigger writes: A own words, B speaker,
 * C neighbouring memories, D month and year. Term frequency is the number of positions per
 * weight; BM25F sums the fields' length-normalised frequencies before the k1 saturation, and a
 * query word that names the speaker adds `speakerBonus` once. N, document frequencies and
 * average lengths (the plan) describe the searched collection, so another user's words never count.
 */
export function lexicalCtes(plan: LexicalPlan, filters: SearchFilters, t: RetrievalTuning): SQL {
  const rows = plan.terms.map(
    (term) => sql`(${term.lexeme}::text, ${term.qtf}::float8, ${term.df}::float8)`,
  );
  const { n, avgOwn, avgCtx } = plan.stats;
  const b = sql`${t.b}::float8`;
  return sql`
  q(lexeme, qtf, df) as (values ${sql.join(rows, sql`, `)}),
  tf as materialized (
    select u.memory_id, u.lexeme,
      coalesce(cardinality(array_positions(u.weights, 'A')), 0) as tf_a,
      coalesce(cardinality(array_positions(u.weights, 'B')), 0) as tf_b,
      coalesce(cardinality(array_positions(u.weights, 'C')), 0) as tf_c,
      coalesce(cardinality(array_positions(u.weights, 'D')), 0) as tf_d,
      u.own_length, u.context_length
    from ${termRows(plan, filters, t.commonConjunctionDocs)} u),
  lex as materialized (
    select tf.memory_id,
      sum(q.qtf * ln(1 + (${n}::float8 - q.df + 0.5) / (q.df + 0.5)) * w.f / (${t.k1}::float8 + w.f))
        + case when bool_or(tf.tf_b > 0) then ${t.speakerBonus}::float8 else 0 end as lex_score,
      array_agg(tf.lexeme order by tf.lexeme) filter (where tf.tf_a > 0) as own_terms,
      array_agg(tf.lexeme order by tf.lexeme) filter (where tf.tf_a = 0 and tf.tf_c > 0) as context_terms,
      array_agg(tf.lexeme order by tf.lexeme) filter (where tf.tf_b > 0) as speaker_terms
    from tf
      join q on q.lexeme = tf.lexeme
      cross join lateral (select
        tf.tf_a / (1 - ${b} + ${b} * tf.own_length / ${avgOwn}::float8)
        + ${t.contextWeight}::float8 * tf.tf_c / (1 - ${b} + ${b} * tf.context_length / ${avgCtx}::float8)
        + ${t.dateWeight}::float8 * tf.tf_d as f) w
    group by tf.memory_id)`;
}

/** The lexical leg when no query word occurs in the collection. */
export const EMPTY_LEXICAL = sql`
  lex(memory_id, lex_score, own_terms, context_terms, speaker_terms) as (
    select null::uuid, null::float8, null::text[], null::text[], null::text[] where false)`;
