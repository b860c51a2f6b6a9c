// What a background job is: a name, when it runs, how long it may take, and its handler.
import type { Database } from '@svc/db';
import { JOB_MAX_DURATION_MS } from '@svc/contract';

export interface JobContext {
  database: Database;
  now: () => Date;
}

export interface JobDefinition<R = unknown> {
  name: string;
  /** Cron expression in UTC; undefined for work that only runs when started. */
  schedule?: string;
  /** Also run once after every deploy. */
  runAfterDeploy: boolean;
  /** The contract caps a job at 15 minutes. */
  timeoutMs: number;
  handler(ctx: JobContext): Promise<R>;
}

export function defineJob<R>(job: Omit<JobDefinition<R>, 'timeoutMs'> & { timeoutMs?: number }): JobDefinition<R> {
  const timeoutMs = Math.min(job.timeoutMs ?? JOB_MAX_DURATION_MS, JOB_MAX_DURATION_MS);
  return { ...job, timeoutMs };
}
