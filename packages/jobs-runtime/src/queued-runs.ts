// The request-started runs handed to the job queue: enqueue answers at once, the queue finishes the run.
import { and, inArray } from 'drizzle-orm';
import { JOB_MAX_DURATION_MS } from '@svc/contract';
import { queuedRuns, type RunQueue } from '@svc/core';
import { jobRuns, type Database } from '@svc/db';
import type { Logger } from '@svc/observability';
import type { JobRuntime } from './runtime';

export function queuedRunsOn(runtime: JobRuntime, database: Database, logger: Logger): RunQueue {
  const handedOver = new Set<string>();
  const names = () => runtime.definitions.filter((d) => !d.schedule).map((d) => d.name);

  function enqueue(run: { id: string; jobName: string; requestId: string | null }): void {
    handedOver.add(run.id);
    // The run's id is the job's id: a run handed over twice (a resume after a restart) is queued once.
    runtime
      .send(run.jobName, { runId: run.id, requestId: run.requestId ?? undefined }, { id: run.id })
      .catch((err: unknown) => {
        logger.error('run_enqueue_failed', {
          job: run.jobName,
          runId: run.id,
          error: err instanceof Error ? err.message : String(err),
        });
      });
  }

  return {
    enqueue,
    async resume() {
      for (const run of await queuedRuns(database, names(), JOB_MAX_DURATION_MS)) enqueue(run);
    },
    async idle() {
      while (handedOver.size > 0) {
        const open = await database.db
          .select({ id: jobRuns.id })
          .from(jobRuns)
          .where(
            and(
              inArray(jobRuns.id, [...handedOver]),
              inArray(jobRuns.status, ['queued', 'running']),
            ),
          );
        const stillOpen = new Set(open.map((r) => r.id));
        for (const id of handedOver) if (!stillOpen.has(id)) handedOver.delete(id);
        if (handedOver.size > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
