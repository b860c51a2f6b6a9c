// Runs request-started background work in this process: one run at a time, each capped at 15 minutes.
import { JOB_MAX_DURATION_MS } from '@svc/contract';
import type { Database } from '@svc/db';
import type { Logger } from '@svc/observability';
import { claimRun, finishRun, queuedRuns, type RunRow } from './run-store';

export type RunHandler = (run: RunRow, signal: AbortSignal) => Promise<Record<string, unknown>>;

export interface RunQueue {
  enqueue(run: RunRow): void;
  /** Picks up runs left queued or running by a previous process (a restart mid-run). */
  resume(): Promise<void>;
  /** Resolves when nothing is queued or running (tests and shutdown wait on it). */
  idle(): Promise<void>;
}

export function createRunQueue(opts: {
  database: Database;
  logger: Logger;
  handlers: Record<string, RunHandler>;
  timeoutMs?: number;
}): RunQueue {
  const pending: RunRow[] = [];
  const waiters: (() => void)[] = [];
  let busy = false;
  const timeoutMs = Math.min(opts.timeoutMs ?? JOB_MAX_DURATION_MS, JOB_MAX_DURATION_MS);

  async function execute(run: RunRow): Promise<void> {
    const handler = opts.handlers[run.jobName];
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`run exceeded ${timeoutMs} ms`)), timeoutMs);
    const started = performance.now();
    try {
      if (!(await claimRun(opts.database, run.id))) return;
      if (!handler) throw new Error(`no handler for ${run.jobName}`);
      const result = await Promise.race([
        handler(run, controller.signal),
        new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error))),
      ]);
      await finishRun(opts.database, run.id, { result });
    } catch (err) {
      // After a timeout the handler may fail in its own words; the run failed because of the limit.
      const cause = controller.signal.aborted ? controller.signal.reason : err;
      const message = cause instanceof Error ? cause.message : String(cause);
      // A failed run raises an alarm: it is logged at error level for the alert on error records.
      opts.logger.error('run_failed', { job: run.jobName, runId: run.id, error: message, requestId: run.requestId });
      await finishRun(opts.database, run.id, { error: message }).catch(() => undefined);
    } finally {
      clearTimeout(timer);
      opts.logger.info('run_finished', { job: run.jobName, runId: run.id, duration_ms: Math.round(performance.now() - started) });
    }
  }

  async function drain(): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      for (let run = pending.shift(); run; run = pending.shift()) await execute(run);
    } finally {
      busy = false;
      waiters.splice(0).forEach((resolve) => resolve());
    }
  }

  return {
    enqueue(run) {
      if (pending.some((p) => p.id === run.id)) return;
      pending.push(run);
      setImmediate(() => void drain());
    },
    async resume() {
      for (const run of await queuedRuns(opts.database, Object.keys(opts.handlers), timeoutMs)) this.enqueue(run);
    },
    idle() {
      return !busy && pending.length === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
  };
}
