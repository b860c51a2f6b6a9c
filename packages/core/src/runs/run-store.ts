// Background runs started by a request: recorded in job_runs with their owner, read back only by that owner.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RunView } from '@svc/contract';
import { jobRuns, type Database } from '@svc/db';
import { fail } from '@svc/errors';

export type RunRow = typeof jobRuns.$inferSelect;

/** job_runs is off limits to signed-in roles, so ownership is enforced here, by the owner column. */
export async function startOrJoinRun(
  database: Database,
  run: { jobName: string; ownerId: string; params: Record<string, unknown>; requestId?: string },
): Promise<{ row: RunRow; started: boolean }> {
  return database.system(async (tx) => {
    // Serialise starts per owner and job so two equal requests cannot both enqueue.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${run.jobName}:${run.ownerId}`}))`);
    const [equal] = await tx
      .select()
      .from(jobRuns)
      .where(
        and(
          eq(jobRuns.jobName, run.jobName),
          eq(jobRuns.ownerId, run.ownerId),
          inArray(jobRuns.status, ['queued', 'running']),
          sql`${jobRuns.params} = ${JSON.stringify(run.params)}::jsonb`,
        ),
      )
      .limit(1);
    if (equal) return { row: equal, started: false };
    const [row] = await tx
      .insert(jobRuns)
      .values({ jobName: run.jobName, ownerId: run.ownerId, params: run.params, requestId: run.requestId ?? null })
      .returning();
    return { row: row!, started: true };
  });
}

export async function readRun(database: Database, ownerId: string, jobName: string, runId: string): Promise<RunRow> {
  const [row] = await database.db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.id, runId), eq(jobRuns.ownerId, ownerId), eq(jobRuns.jobName, jobName)));
  // Another person's run is indistinguishable from no run at all.
  if (!row) throw fail.notFound('No such run', { run_id: runId });
  return row;
}

/** Claims a queued run atomically, so two instances never execute the same run. */
export async function claimRun(database: Database, runId: string): Promise<boolean> {
  const claimed = await database.db
    .update(jobRuns)
    .set({ status: 'running', startedAt: sql`now()` })
    .where(and(eq(jobRuns.id, runId), eq(jobRuns.status, 'queued')))
    .returning({ id: jobRuns.id });
  return claimed.length === 1;
}

/**
 * Marks a run as running for one attempt of its queue job; null when it already finished. A run still
 * marked running is taken again: the queue hands a job to one worker at a time, so that mark was left
 * by an attempt that died.
 */
export async function beginRun(database: Database, runId: string): Promise<RunRow | null> {
  const [row] = await database.db
    .update(jobRuns)
    .set({ status: 'running', startedAt: sql`now()` })
    .where(and(eq(jobRuns.id, runId), inArray(jobRuns.status, ['queued', 'running'])))
    .returning();
  return row ?? null;
}

/** Puts a run back to queued after an attempt that the queue will retry. */
export async function requeueRun(database: Database, runId: string): Promise<void> {
  await database.db.update(jobRuns).set({ status: 'queued', startedAt: null }).where(eq(jobRuns.id, runId));
}

export async function finishRun(
  database: Database,
  runId: string,
  end: { result: Record<string, unknown> } | { error: string },
): Promise<void> {
  const values =
    'result' in end
      ? { status: 'succeeded' as const, result: end.result, finishedAt: sql`now()` }
      : { status: 'failed' as const, error: end.error, finishedAt: sql`now()` };
  await database.db.update(jobRuns).set(values).where(eq(jobRuns.id, runId));
}

/**
 * Queued runs, after putting back any run whose process died mid-run: a run still marked running
 * past the job time limit can no longer be running anywhere.
 */
export async function queuedRuns(database: Database, jobNames: string[], staleAfterMs: number): Promise<RunRow[]> {
  if (jobNames.length === 0) return [];
  await database.db
    .update(jobRuns)
    .set({ status: 'queued', startedAt: null })
    .where(
      and(
        inArray(jobRuns.jobName, jobNames),
        eq(jobRuns.status, 'running'),
        sql`${jobRuns.startedAt} < now() - make_interval(secs => ${staleAfterMs / 1000})`,
      ),
    );
  return database.db
    .select()
    .from(jobRuns)
    .where(and(inArray(jobRuns.jobName, jobNames), eq(jobRuns.status, 'queued')))
    .orderBy(jobRuns.createdAt);
}

export function toRunView(row: RunRow, started: boolean): RunView {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    status: row.status,
    requested_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    error: row.error,
    started,
  };
}
