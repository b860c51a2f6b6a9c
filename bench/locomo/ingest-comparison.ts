// The transcript path: every session through ingest_conversation (offline extraction), asked through recall.
import type { Embedder } from '@svc/embeddings';
import type { Logger } from '@svc/observability';
import type { Conversation } from './data';
import { openIngestDriver } from './ingest-driver';
import type { RecallTable } from './metrics';
import { askAll } from './run';

export async function ingestTable(
  conversations: readonly Conversation[],
  parts: { embedder: Embedder; logger: Logger; log: (line: string) => void },
): Promise<RecallTable> {
  const started = performance.now();
  const driver = await openIngestDriver(conversations, parts);
  try {
    for (const conversation of conversations) await driver.load(conversation);
    const extractedIn = (performance.now() - started) / 1000;
    parts.log(`[ingest] ${driver.stats.sessions} sessions extracted in ${extractedIn.toFixed(1)}s`);
    const turns = conversations.reduce((n, c) => n + c.turns.length, 0);
    console.log(
      `\ningest: ${turns} turns in ${driver.stats.sessions} session chunks became ${driver.stats.memories} memories ` +
        `(${driver.stats.duplicates} found again and not stored twice); extraction took ${extractedIn.toFixed(1)} s. ` +
        `A hit at k: an evidence turn among the turns the first k recalled memories came from.`,
    );
    return await askAll(driver, conversations, { mode: 'hybrid' });
  } finally {
    await driver.close();
  }
}
