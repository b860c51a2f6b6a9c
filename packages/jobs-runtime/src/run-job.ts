// One attempt of one job: capped with an AbortSignal and logged; a final failure is alarmed from the failures queue.
import type { JobWithMetadata } from 'pg-boss';
import { inDatabaseLane, type Database } from '@svc/db';
import type { Alarms, Logger } from '@svc/observability';
import type { JobDefinition } from './job-definition';

export interface AttemptParts {
  database: Database;
  logger: Logger;
  alarms: Alarms;
  now: () => Date;
}

export async function runAttempt(
  parts: AttemptParts,
  def: JobDefinition,
  capMs: number,
  job: JobWithMetadata<Record<string, unknown> | null>,
  /** True once this process's runtime is stopping (the queue then aborts the attempts it runs). */
  stopping: () => boolean = () => false,
): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`${def.name} exceeded its ${capMs} ms cap`)),
    capMs,
  );
  // The queue aborts its own signal when the worker stops or the job's claim is gone.
  const signal = AbortSignal.any([controller.signal, job.signal]);
  const lastAttempt = job.retryCount >= job.retryLimit;
  const started = performance.now();
  const log = { job: def.name, runId: job.id, attempt: job.retryCount + 1 };
  try {
    // Background work queues behind what a person or agent waits on (the embedded database's lanes).
    const work = inDatabaseLane('bulk', () => def.handler({
      database: parts.database,
      logger: parts.logger,
      alarms: parts.alarms,
      now: parts.now,
      signal,
      runId: job.id,
      data: { ...job.data },
      lastAttempt,
    }));
    // A handler that ignores its signal is abandoned at the cap; the queue records the attempt as failed.
    const result = await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        if (signal.aborted) reject(signal.reason as Error);
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      }),
    ]);
    parts.logger.info('job_finished', {
      ...log,
      duration_ms: Math.round(performance.now() - started),
    });
    return result;
  } catch (err) {
    // After the cap the handler may fail in its own words; the attempt failed because of the cap.
    const cause = signal.aborted ? signal.reason : err;
    const message = cause instanceof Error ? cause.message : String(cause);
    const duration_ms = Math.round(performance.now() - started);
    if (job.signal.aborted && !controller.signal.aborted && stopping()) {
      // Cut short by this process's stop (the queue fails the attempt and retries it as any other):
      // nothing about the job itself went wrong, so no warning.
      parts.logger.info('job_stopped', { ...log, duration_ms });
    } else {
      parts.logger.warn('job_attempt_failed', { ...log, error: message, lastAttempt, duration_ms });
    }
    throw cause instanceof Error ? cause : new Error(message);
  } finally {
    clearTimeout(timer);
  }
}
