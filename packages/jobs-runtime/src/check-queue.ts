// Wakes the check of saved memories: the memories are already marked due, so one send covers every save before it.
import type { SavedChecks } from '@svc/core';
import { markChecksDue, type Database } from '@svc/db';
import type { Logger } from '@svc/observability';
import { CHECK_MEMORY_JOB } from './definitions/saved-memory';
import type { JobRuntime } from './runtime';

/**
 * Saves within this many milliseconds of the first share one send (and so one run): a check is no
 * answer anyone waits for, and each run costs the queue's send, fetch and completion on the one
 * embedded connection that the writes also need.
 */
export const CHECK_WAKE_DELAY_MS = 500;

/** Null when the runtime has no check job: writes mark nothing due. */
export function savedCheckQueueOn(
  runtime: JobRuntime,
  database: Database,
  logger: Logger,
  delayMs = CHECK_WAKE_DELAY_MS,
): SavedChecks | null {
  if (!runtime.definitions.some((d) => d.name === CHECK_MEMORY_JOB)) return null;
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    timer = undefined;
    // Stopped meanwhile (the process is shutting down): sending would start the queue again on a
    // database about to close. The memories stay due for the next start's run.
    if (runtime.stopped) return;
    runtime.send(CHECK_MEMORY_JOB, {}).catch((err: unknown) => {
      // The memories stay due: the next wake or the schedule checks them.
      logger.error('memory_enqueue_failed', { job: CHECK_MEMORY_JOB, error: err instanceof Error ? err.message : String(err) });
    });
  };
  const checks: SavedChecks = {
    wake() {
      // Unref'd: a process that exits first leaves the rows due for the next run or the schedule.
      timer ??= setTimeout(send, delayMs);
      timer.unref();
    },
    enqueue(memoryId) {
      markChecksDue(database.db, [memoryId]).then(
        () => checks.wake(),
        (err: unknown) => logger.error('memory_enqueue_failed', { job: CHECK_MEMORY_JOB, memoryId, error: err instanceof Error ? err.message : String(err) }),
      );
    },
  };
  return checks;
}
