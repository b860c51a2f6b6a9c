// Signals a candidate takes from its place in a conversation or thread: how close its adjacent memories are to the query, and whether it only asks.
import { vectorText } from '@svc/db';
import { sql, type SQL } from 'drizzle-orm';
import { uuidArray } from './arrays';
import type { QueryVector } from './vector';

export interface ConversationSignalRow {
  memory_id: string;
  context_cosine: number | null;
  asks: boolean;
}

/**
 * For each of `ids` (migration 0035, `svc_conversation_signals`, read as the caller under
 * row-level security): the best cosine with the query among the memories just before and just after
 * it in its conversation or thread, null when it has none (a memory written on its own) or they have
 * no vector of the query's model; and whether its text ends in a question mark ("What pet do you
 * have?"). The answer to a question is often a short reply ("Yes, a cat named Bailey") whose meaning
 * is in the turn before it; the lexical leg has the neighbours' words (the context field), this gives
 * the vector leg the same reach. The adjacent memories only, not the two each side of the context
 * field: the turns further away measured worse (LoCoMo R@5 0.788 against 0.793, bench/README.md).
 * When the memory just before asks, its cosine counts `questionFactor` times (capped at 1): that
 * question is what the reply answers, and a query matching it asks for the reply
 * (RetrievalTuning.questionBeforeFactor). A memory that asks states little (`questionPenalty`).
 * The function keeps one plan for the session: planned anew, the statement cost more than its work.
 */
export function conversationSignalsStatement(ids: readonly string[], vector: QueryVector | null, questionFactor = 1): SQL {
  const query = vector ? sql`${vectorText(vector.vector)}::vector` : sql`null::vector`;
  return sql`select memory_id, context_cosine, asks
    from svc_conversation_signals(${uuidArray(ids)}, ${query}, ${vector?.model ?? ''}::text, ${questionFactor}::float8)`;
}
