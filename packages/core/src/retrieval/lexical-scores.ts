// Raw BM25F scores of the lexical leg, unfused and unfiltered by validity: for tests, tuning and debugging.
import { rowsOf, type Executor } from '@svc/db';
import { sql } from 'drizzle-orm';
import { planLexical } from './lexical-plan';
import { lexicalCtes } from './sql/lexical';
import { preludeStatement, queryTerms, type PreludeRow } from './sql/query-terms';
import { DEFAULT_TUNING, type RetrievalTuning } from './tuning';
import type { SearchFilters } from './types';

export interface LexicalScore {
  memoryId: string;
  score: number;
}

/** The visible memories in scope that the lexical leg scores for `query`, best first. */
export async function lexicalScores(
  exec: Executor,
  query: string,
  filters: SearchFilters = {},
  tuning: RetrievalTuning = DEFAULT_TUNING,
): Promise<LexicalScore[]> {
  const [prelude] = rowsOf<PreludeRow>(
    await exec.execute(preludeStatement(query, tuning.efSearch)),
  );
  const plan = await planLexical(exec, queryTerms(prelude), filters, tuning, prelude?.uid ?? null);
  if (!plan) return [];
  const rows = rowsOf<{ memory_id: string; lex_score: number }>(
    await exec.execute(sql`with ${lexicalCtes(plan, filters, tuning)}
      select memory_id, lex_score from lex order by lex_score desc, memory_id`),
  );
  return rows.map((r) => ({ memoryId: r.memory_id, score: Number(r.lex_score) }));
}
