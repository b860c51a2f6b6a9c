// What retrieval needs from outside, injected so tests and the bench can steer it.
import type { Executor } from '@svc/db';
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

/**
 * Schedules work for after the caller's answer, in a transaction of its own as the same caller
 * (recounting stale collection statistics). Its failure is the scheduler's to log.
 */
export type AfterAnswer = (work: (exec: Executor) => Promise<void>) => void;
