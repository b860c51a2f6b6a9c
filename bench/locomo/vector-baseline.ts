// Vector search alone, in process: the model's own retrieval power, exact cosine over one conversation's turns.
import type { Embedder } from '@svc/embeddings';
import { turnContent, type Conversation } from './data';
import { RecallTable } from './metrics';
import { K } from './run';

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] ?? 0) * (b[i] ?? 0);
  return s;
}

/** Used with the MCP driver, whose server may rank without vectors; the direct driver asks pgvector instead. */
export async function vectorBaselineTable(
  embedder: Embedder,
  conversations: readonly Conversation[],
): Promise<RecallTable> {
  const table = new RecallTable();
  for (const conversation of conversations) {
    const turns = await embedder.embed(conversation.turns.map(turnContent), 'document');
    const questions = await embedder.embed(
      conversation.questions.map((q) => q.question),
      'query',
    );
    conversation.questions.forEach((q, qi) => {
      const query = questions[qi]!;
      const ranked = turns
        .map((v, i) => ({ i, s: dot(query, v) }))
        .sort((a, b) => b.s - a.s || a.i - b.i)
        .slice(0, K)
        .map((x) => conversation.turns[x.i]!.diaId);
      table.add(q.category, q.evidence, ranked);
    });
  }
  return table;
}
