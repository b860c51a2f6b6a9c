// Hands a just-written memory to the translation queue: the write is answered first.
import type { TranslationQueue } from '@svc/core';
import { currentRequestId, type Logger } from '@svc/observability';
import { TRANSLATE_MEMORY_JOB } from './definitions/translation';
import type { JobRuntime } from './runtime';

/** Null when the runtime has no such queue (translation without a language model): writes send nothing. */
function memoryQueueOn(runtime: JobRuntime, logger: Logger, job: string): TranslationQueue | null {
  if (!runtime.definitions.some((d) => d.name === job)) return null;
  return {
    enqueue(memoryId) {
      // No job id: a second send is harmless (a current translation is skipped).
      // The writing request's id travels with the run, so its log lines can be joined to the request's.
      runtime.send(job, { memoryId, requestId: currentRequestId() ?? null }).catch((err: unknown) => {
        logger.error('memory_enqueue_failed', { job, memoryId, error: err instanceof Error ? err.message : String(err) });
      });
    },
  };
}

export const translationQueueOn = (runtime: JobRuntime, logger: Logger) => memoryQueueOn(runtime, logger, TRANSLATE_MEMORY_JOB);
