// The ranking and indexing parts from the embeddings configuration: hybrid search, with vectors when a model is set.
import { hybridIndexer, hybridRetriever, reembedMissing, type MemoryIndexer, type Retriever } from '@svc/core';
import type { Database } from '@svc/db';
import { createEmbedder, type Embedder, type EmbeddingsConfig } from '@svc/embeddings';
import type { Logger } from '@svc/observability';

export interface RetrievalParts {
  embedder: Embedder | null;
  retriever: Retriever;
  indexer: MemoryIndexer | null;
}

/** Provider `none` gives lexical search only; anything else adds vectors fused with it. */
export function retrievalParts(config: EmbeddingsConfig, logger: Logger): RetrievalParts {
  const embedder = createEmbedder(config);
  return {
    embedder,
    retriever: hybridRetriever({ embedder, logger }),
    indexer: embedder ? hybridIndexer({ embedder, logger }) : null,
  };
}

/**
 * Background work of a running embedder: fill in vectors missing for the configured model (after a
 * model change, or for memories written while it was off). It blocks neither start-up nor readiness.
 * The warm-up that keeps the model loaded is a scheduled job (`embedding-warm-up`).
 */
export function startEmbedderUpkeep(opts: { database: Database; embedder: Embedder; logger: Logger }): () => void {
  const { database, embedder, logger } = opts;
  const controller = new AbortController();
  void reembedMissing(database, embedder, logger, { signal: controller.signal })
    .then((report) => logger.info('reembed_finished', { ...report }))
    .catch((err: unknown) => logger.error('reembed_failed', { error: err instanceof Error ? err.message : String(err) }));
  return () => controller.abort();
}
