// Where a job's final failure lands: one dead-letter queue, whose worker raises that job's alarm however it ended.
import { and, eq, inArray } from 'drizzle-orm';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import { jobRuns } from '@svc/db';
import type { JobDefinition } from './job-definition';
import type { AttemptParts } from './run-job';

/**
 * pg-boss copies a job here when it fails for good: its handler threw or hit the cap on the last
 * attempt, or the worker running it died and the queue's expiry failed it. Raising the alarm here,
 * and only here, gives one alarm per failed job whichever way it failed.
 */
export const FAILURES_QUEUE = 'job-failures';

type Data = Record<string, unknown> | null;

/** The error pg-boss stored on the failed job (a serialized Error, or its own expiry record). */
function reasonOf(output: unknown): string {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null | undefined;
  if (typeof o?.message === 'string') return o.message;
  if (typeof o?.value?.message === 'string') return o.value.message;
  return 'its worker stopped before it finished, and it expired';
}

async function onFailure(
  b: PgBoss,
  parts: AttemptParts,
  defs: readonly JobDefinition[],
  job: JobWithMetadata<Data>,
): Promise<void> {
  const name = job.sourceName ?? 'unknown';
  const original = job.sourceId ? (await b.findJobs(name, { id: job.sourceId }))[0] : undefined;
  const reason = reasonOf(original?.output);
  const data = job.data ?? {};
  // A request-started run whose last attempt never finished is still marked open: its owner sees it fail.
  if (typeof data.runId === 'string') {
    await parts.database.db
      .update(jobRuns)
      .set({ status: 'failed', error: reason, finishedAt: new Date() })
      .where(and(eq(jobRuns.id, data.runId), inArray(jobRuns.status, ['queued', 'running'])));
  }
  parts.alarms.raise(defs.find((d) => d.name === name)?.alarm ?? 'job_failed', {
    job: name,
    runId: job.sourceId ?? job.id,
    requestId: typeof data.requestId === 'string' ? data.requestId : undefined,
    message: `${name} failed: ${reason}`,
  });
}

export async function createFailuresQueue(b: PgBoss): Promise<void> {
  if (!(await b.getQueue(FAILURES_QUEUE)))
    await b.createQueue(FAILURES_QUEUE, { policy: 'standard', retryLimit: 3 });
}

export async function workFailures(
  b: PgBoss,
  parts: AttemptParts,
  defs: readonly JobDefinition[],
  pollSeconds: number,
): Promise<void> {
  const options = {
    pollingIntervalSeconds: pollSeconds,
    notifyPollingIntervalSeconds: pollSeconds,
    batchSize: 1,
    includeMetadata: true,
  } as const;
  await b.work<Data, unknown, typeof options>(FAILURES_QUEUE, options, ([job]) =>
    onFailure(b, parts, defs, job!),
  );
}
