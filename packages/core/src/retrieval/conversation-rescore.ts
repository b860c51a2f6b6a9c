// The conversation signals for the best candidates only: one more statement for the top few, then their scores again.
import { rowsOf, type Executor } from '@svc/db';
import { compareRanked, type Rankable } from './fusion';
import { conversationSignalsStatement, type ConversationSignalRow } from './sql/conversation-signals';
import type { QueryVector } from './sql/vector';
import type { RetrievalTuning } from './tuning';

export interface ConversationSignals {
  /** Best cosine of the memories just before and after it; null when it has none (or no vectors ran). */
  contextCosine: number | null;
  /** Its text ends in a question mark. */
  asks: boolean;
}

/**
 * How many of the best candidates get the signals. Both can only matter near the top: the question
 * penalty only lowers a score, and the adjacent cosine lifted no memory into the first ten from
 * below the thirtieth on LoCoMo (R@5 / R@10 the same for the best 30, 50 or all candidates, 0.006
 * lower at R@10 for the best 20). The call costs about 4 ms on the embedded database for 30 at 100k
 * (most of it the adjacent-memory lookups, not the cosines), and grows with the page, not the store.
 */
export function rescoreDepth(k: number, offset: number): number {
  return Math.max(30, 3 * (offset + k));
}

/** Whether either signal can change a score under this tuning. */
export function usesConversationSignals(vector: QueryVector | null, t: RetrievalTuning): boolean {
  return (vector !== null && t.contextVectorWeight > 0) || t.questionPenalty > 0;
}

/**
 * Gives the first `depth` of `ranked` (sorted best first) their conversation signals and their
 * scores again through `rescore`, then sorts the whole list again. Run as the caller: the memories
 * and their neighbours are read under row-level security.
 */
export async function rescoreWithConversation<T extends Rankable>(
  exec: Executor,
  ranked: readonly T[],
  options: { vector: QueryVector | null; tuning: RetrievalTuning; depth: number },
  rescore: (item: T, signals: ConversationSignals) => T,
): Promise<T[]> {
  const top = ranked.slice(0, options.depth);
  if (top.length === 0 || !usesConversationSignals(options.vector, options.tuning)) return [...ranked];
  const vector = options.tuning.contextVectorWeight > 0 ? options.vector : null;
  const rows = rowsOf<ConversationSignalRow>(
    await exec.execute(
      conversationSignalsStatement(
        top.map((r) => r.memoryId),
        vector,
        options.tuning.questionBeforeFactor,
      ),
    ),
  );
  const found = new Map(
    rows.map((r) => [
      r.memory_id,
      { contextCosine: r.context_cosine === null ? null : Number(r.context_cosine), asks: r.asks === true },
    ]),
  );
  const again = ranked.map((item, i) => {
    const signals = i < options.depth ? found.get(item.memoryId) : undefined;
    return signals ? rescore(item, signals) : item;
  });
  return again.sort(compareRanked);
}
