// The same questions through ingest_conversation (offline extraction) beside the remember path of the same run.
import type { Embedder } from '@svc/embeddings';
import type { Logger } from '@svc/observability';
import type { Conversation } from './data';
import { openIngestDriver } from './ingest-driver';
import { comparisonTable, type RecallTable } from './metrics';
import { askAll } from './run';

export async function ingestComparison(
  conversations: readonly Conversation[],
  rememberPath: RecallTable,
  parts: { embedder: Embedder; logger: Logger; log: (line: string) => void },
): Promise<void> {
  const started = performance.now();
  const driver = await openIngestDriver(conversations, parts);
  try {
    for (const conversation of conversations) await driver.load(conversation);
    const extractedIn = (performance.now() - started) / 1000;
    parts.log(`[ingest] ${driver.stats.sessions} sessions extracted in ${extractedIn.toFixed(1)}s`);
    const ingested = await askAll(driver, conversations, { mode: 'hybrid' });
    const turns = conversations.reduce((n, c) => n + c.turns.length, 0);
    console.log(
      `\n## LoCoMo through ingest_conversation (offline extractor) beside remember (one memory per turn)\n\n` +
        `${turns} turns in ${driver.stats.sessions} session chunks became ${driver.stats.memories} memories ` +
        `(${driver.stats.duplicates} found again and not stored twice); extraction took ${extractedIn.toFixed(1)} s. ` +
        `A hit at k: an evidence turn among the turns the first k recalled memories came from.\n`,
    );
    console.log(comparisonTable([
      { name: 'remember', table: rememberPath },
      { name: 'ingest', table: ingested },
    ]));
  } finally {
    await driver.close();
  }
}
