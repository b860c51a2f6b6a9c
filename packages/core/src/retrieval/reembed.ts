// Background re-embedding: fills in vectors for the configured model (after a model change, or a missed write).
import { ensureEmbeddingIndex, type Database } from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import { timed, type Logger } from '@svc/observability';
import { embedDocuments } from './embed-memories';
import { loadMissing, storeEmbeddings } from './store-embeddings';

export interface ReembedOptions {
  /** Memories per round trip; the model batches internally too. */
  batchSize?: number;
  /** Stops between batches (server shutdown). */
  signal?: AbortSignal;
}

export interface ReembedReport {
  model: string;
  embedded: number;
  batches: number;
}

/** Passes under way in this process, per database and model. */
const running = new WeakMap<Database, Map<string, Promise<ReembedReport>>>();

/**
 * Loads the model, creates its HNSW index if missing, then embeds every memory lacking a vector
 * of the current model, newest first, one batch at a time with no transaction open while the
 * model runs. Runs as the service (all users' memories). Vectors of other models stay, so
 * switching back is free. The server calls this on start, without awaiting it.
 *
 * A call that finds a pass under way in this process for the same database and model waits for
 * that pass (and its report) rather than embedding the same memories beside it: on the embedded
 * default the server's start-up upkeep and the after-deploy job both start one, and each batch
 * of the second would have been the first's again. The pass stops on its own starter's signal.
 */
export function reembedMissing(
  database: Database,
  embedder: Embedder,
  logger: Logger,
  options: ReembedOptions = {},
): Promise<ReembedReport> {
  let passes = running.get(database);
  if (!passes) running.set(database, (passes = new Map()));
  const underWay = passes.get(embedder.model);
  if (underWay) return underWay;
  const pass = embedAllMissing(database, embedder, logger, options).finally(() => passes.delete(embedder.model));
  passes.set(embedder.model, pass);
  return pass;
}

async function embedAllMissing(
  database: Database,
  embedder: Embedder,
  logger: Logger,
  options: ReembedOptions,
): Promise<ReembedReport> {
  const batchSize = options.batchSize ?? 64;
  const model = embedder.model;
  // Loads the model now, so the first recall after start does not wait for it inside its transaction.
  await embedder.warm();
  await ensureEmbeddingIndex(database.db, model, await embedder.dimensions());
  const report: ReembedReport = { model, embedded: 0, batches: 0 };
  for (;;) {
    if (options.signal?.aborted) break;
    const batch = await database.system((tx) => loadMissing(tx, model, batchSize));
    if (batch.length === 0) break;
    const stored = await timed(
      logger,
      'reembed_batch',
      async () => {
        const vectors = await embedDocuments(embedder, batch, logger);
        return database.system((tx) => storeEmbeddings(tx, model, vectors));
      },
      { model, count: batch.length },
    );
    report.batches++;
    report.embedded += stored;
  }
  logger.info('reembed_done', { ...report });
  return report;
}
