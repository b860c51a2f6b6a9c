// Runs of background jobs: what ran, how it ended, and the request that started it if any.
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { jobStatus } from './enums';

export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    jobName: text('job_name').notNull(),
    status: jobStatus('status').notNull().default('queued'),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    error: text('error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
  },
  (t) => [
    index('job_runs_name_created_idx').on(t.jobName, t.createdAt.desc()),
    index('job_runs_status_idx').on(t.status),
  ],
);
