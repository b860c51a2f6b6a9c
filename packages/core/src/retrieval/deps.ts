// What retrieval needs from outside, injected so tests and the bench can steer it.
import type { Embedder } from '@svc/embeddings';
import type { Logger } from '@svc/observability';
import type { RetrievalTuning } from './tuning';

export interface RetrievalDeps {
  /** Null: lexical search only (the `none` provider). */
  embedder: Embedder | null;
  logger: Logger;
  /** Defaults to DEFAULT_TUNING. */
  tuning?: RetrievalTuning;
}
