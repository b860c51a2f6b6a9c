// The lexical leg's best hits that pass the filters: it needs no query vector, so it runs while the model embeds.
import { sql, type SQL } from 'drizzle-orm';
import type { LexicalPlan } from '../lexical-plan';
import type { RetrievalTuning } from '../tuning';
import type { SearchFilters } from '../types';
import { memoryConditions } from './filters';
import { lexicalCtes } from './lexical';

export interface LexicalTopRow {
  /** The best `depth` lexical hits passing the filters, best first. */
  top: string[];
  /**
   * When every query word is common and the window of the newest matches was full: the oldest
   * memory's `seq` in it, so the candidates statement scores exactly the memories scored here.
   */
  oldest_seq: number | string | null;
}

/**
 * Checking every hit against its memory (validity, supersession, filters) cost as much as scoring
 * it; walked best first, the check stops once `depth` have passed. The check is a scalar subquery
 * so that it is not pulled up into a join (which would check every hit), and `lex_sorted` is a
 * materialized CTE, whose scan returns its rows in the order they were written; the answer is
 * still ordered by the scores.
 */
export function lexicalTopStatement(plan: LexicalPlan, filters: SearchFilters, t: RetrievalTuning, depth: number): SQL {
  const conjunction = plan.terms.every((term) => term.common);
  const oldest = conjunction
    ? sql`(select case when count(*) >= ${t.commonConjunctionDocs} then min(d.seq) end
        from memory_search_docs d where d.memory_id in (select memory_id from lex))`
    : sql`null::bigint`;
  return sql`with ${lexicalCtes(plan, filters, t)},
  lex_sorted as materialized (select l.memory_id, l.lex_score from lex l order by l.lex_score desc, l.memory_id),
  lex_top as materialized (
    select l.memory_id, l.lex_score from lex_sorted l
    where (select true from memories m where m.id = l.memory_id and ${memoryConditions(filters)})
    limit ${depth})
  select array(select memory_id from lex_top order by lex_score desc, memory_id)::text[] as top, ${oldest} as oldest_seq`;
}
