// Indexing: computes and stores the vectors of memories, in batches, timed.
import type { Database, Executor, UserContext } from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import { timed, type Logger } from '@svc/observability';
import {
  loadEmbeddable,
  storeEmbeddings,
  type EmbeddableMemory,
  type MemoryVector,
} from './store-embeddings';

/** Embeds texts as documents; the model call is the slow part, so it is timed on its own. */
export async function embedDocuments(
  embedder: Embedder,
  memories: readonly EmbeddableMemory[],
  logger: Logger,
): Promise<MemoryVector[]> {
  if (memories.length === 0) return [];
  const vectors = await timed(
    logger,
    'document_embedding',
    () =>
      embedder.embed(
        memories.map((m) => m.text),
        'document',
      ),
    { model: embedder.model, count: memories.length },
  );
  return memories.map((m, i) => ({ memoryId: m.id, vector: vectors[i] ?? [] }));
}

/**
 * Embeds and stores the given memories inside `exec` (a user transaction stores only the
 * caller's own memories). Returns how many vectors were written. Note the model runs inside the
 * transaction; `indexMemories` keeps it outside.
 */
export async function embedMemories(
  exec: Executor,
  embedder: Embedder,
  memoryIds: readonly string[],
  logger: Logger,
): Promise<number> {
  const memories = await loadEmbeddable(exec, memoryIds);
  const vectors = await embedDocuments(embedder, memories, logger);
  return storeEmbeddings(exec, embedder.model, vectors);
}

export interface IndexTarget {
  database: Database;
  /** Run as this caller (their own memories only); absent = as the service. */
  user?: UserContext;
}

/**
 * Gives freshly written memories their vectors: reads them, runs the model with no transaction
 * open (PGlite runs one transaction at a time), then stores. The lexical document needs nothing
 * here: a database trigger keeps it current.
 */
export async function indexMemories(
  target: IndexTarget,
  embedder: Embedder | null,
  memoryIds: readonly string[],
  logger: Logger,
): Promise<number> {
  if (!embedder || memoryIds.length === 0) return 0;
  const run = <T>(fn: (tx: Executor) => Promise<T>) =>
    target.user ? target.database.asUser(target.user, fn) : target.database.system(fn);
  const memories = await run((tx) => loadEmbeddable(tx, memoryIds));
  const vectors = await embedDocuments(embedder, memories, logger);
  return run((tx) => storeEmbeddings(tx, embedder.model, vectors));
}
