// Asks every question of the loaded conversations through one system and tallies recall@k.
import type { Conversation } from './data';
import type { AskOptions, MemoryDriver } from './driver';
import { RecallTable } from './metrics';
import { PlainBm25 } from './plain-bm25';
import { turnContent } from './data';

export const K = 10;

export async function askAll(
  driver: MemoryDriver,
  conversations: readonly Conversation[],
  options: Omit<AskOptions, 'k'>,
): Promise<RecallTable> {
  const table = new RecallTable();
  for (const conversation of conversations) {
    for (const q of conversation.questions) {
      const ranked = await driver.ask(conversation.id, q.question, { ...options, k: K });
      table.add(q.category, q.evidence, ranked);
    }
  }
  return table;
}

/** The plain BM25 baseline over the same turn texts, in process. */
export function plainBm25Table(conversations: readonly Conversation[]): RecallTable {
  const table = new RecallTable();
  for (const conversation of conversations) {
    const index = new PlainBm25(conversation.turns.map(turnContent));
    for (const q of conversation.questions) {
      const ranked = index.search(q.question, K).map((i) => conversation.turns[i]!.diaId);
      table.add(q.category, q.evidence, ranked);
    }
  }
  return table;
}
