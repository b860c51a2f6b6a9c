// Hands a just-written memory to the translate-memory queue: the write is answered before the model is asked.
import type { TranslationQueue } from '@svc/core';
import { currentRequestId, type Logger } from '@svc/observability';
import { TRANSLATE_MEMORY_JOB } from './definitions/translation';
import type { JobRuntime } from './runtime';

/** Null when the runtime has no translation queue (no language model): writes send nothing. */
export function translationQueueOn(runtime: JobRuntime, logger: Logger): TranslationQueue | null {
  if (!runtime.definitions.some((d) => d.name === TRANSLATE_MEMORY_JOB)) return null;
  return {
    enqueue(memoryId) {
      // No job id: a second send is harmless, the translation is skipped when its source hash is current.
      // The writing request's id travels with the run, so its log lines can be joined to the request's.
      runtime.send(TRANSLATE_MEMORY_JOB, { memoryId, requestId: currentRequestId() ?? null }).catch((err: unknown) => {
        logger.error('translation_enqueue_failed', { memoryId, error: err instanceof Error ? err.message : String(err) });
      });
    },
  };
}
