// What a background job is: a name, when it runs, how long it may take, and its handler; the scheduler knows only this.
import type { Database } from '@svc/db';
import { JOB_MAX_DURATION_MS } from '@svc/contract';
import type { Alarms, Logger } from '@svc/observability';

export interface JobContext {
  database: Database;
  logger: Logger;
  /** For a job whose outcome is itself an alarm (no backup for a day); a failure is alarmed for it. */
  alarms: Alarms;
  now: () => Date;
  /** Aborted when the run reaches its cap or the worker stops: long handlers check it between steps. */
  signal: AbortSignal;
  /** The queue's id of this run (logged, and named by its alarm). */
  runId: string;
  /** What the run was sent with: `{}` for a scheduled run, `{ trigger: 'deploy', build }` after a deploy. */
  data: Record<string, unknown>;
  /** False while the queue would still retry a failure (a crash or a throw gets one more attempt). */
  lastAttempt: boolean;
}

export interface JobDefinition<R = unknown> {
  name: string;
  /** Cron expression in UTC; undefined for work that only runs when sent (request-started runs). */
  schedule?: string;
  /** Also run once after every deploy: once per build identity, however many instances start. */
  runAfterDeploy: boolean;
  /** The contract caps a job at 15 minutes. */
  timeoutMs: number;
  /** The alarm a final failure raises; one name per kind of job keeps the alert rules short. */
  alarm: string;
  handler(ctx: JobContext): Promise<R>;
}

export type JobSpec<R> = Omit<JobDefinition<R>, 'timeoutMs' | 'runAfterDeploy' | 'alarm'> &
  Partial<Pick<JobDefinition<R>, 'timeoutMs' | 'runAfterDeploy' | 'alarm'>>;

export function defineJob<R>(job: JobSpec<R>): JobDefinition<R> {
  const timeoutMs = Math.min(job.timeoutMs ?? JOB_MAX_DURATION_MS, JOB_MAX_DURATION_MS);
  return {
    ...job,
    runAfterDeploy: job.runAfterDeploy ?? false,
    alarm: job.alarm ?? 'job_failed',
    timeoutMs,
  };
}
