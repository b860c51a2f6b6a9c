// Vectors stored before migration 0024 take their memory's owner and scope, a small batch at a time.
import { rowsOf, type Database } from '@svc/db';
import type { Logger } from '@svc/observability';
import { sql } from 'drizzle-orm';

/**
 * Each filled row is inserted into the HNSW graph again (1-2 ms a row on the embedded database),
 * and the embedded database runs one transaction at a time: a small batch keeps the wait of a
 * request queued behind one short.
 */
const BATCH = 100;

/**
 * Fills owner and scope of every vector that has none (the read policy checks such a row the slow
 * way until then). Runs as the service; stops between batches when `signal` is aborted; returns
 * the rows filled. `SKIP LOCKED`: instances running it at once share the rows.
 */
export async function fillEmbeddingScopes(
  database: Database,
  logger: Logger,
  options: { signal?: AbortSignal; batchSize?: number } = {},
): Promise<number> {
  let filled = 0;
  for (;;) {
    if (options.signal?.aborted) break;
    const rows = await database.system(async (tx) =>
      rowsOf(
        await tx.execute(sql`
          update memory_embeddings e set owner_id = m.owner_id, scope_id = m.scope_id
          from memories m
          where m.id = e.memory_id and (e.memory_id, e.model) in (
            select memory_id, model from memory_embeddings where owner_id is null
            limit ${options.batchSize ?? BATCH} for update skip locked)
          returning e.memory_id`),
      ),
    );
    if (rows.length === 0) break;
    filled += rows.length;
  }
  if (filled > 0) logger.info('embedding_scopes_filled', { rows: filled });
  return filled;
}
