// Runs of background jobs: what ran, how it ended, and the request that started it if any.
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { jobStatus } from './enums';
import { users } from './users';

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
    /** Who started a request-started run; null for scheduled jobs. Only they may read it. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What the run was asked to do; equal queued runs of one owner are joined, not repeated. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('job_runs_name_created_idx').on(t.jobName, t.createdAt.desc()),
    index('job_runs_status_idx').on(t.status),
    index('job_runs_owner_idx').on(t.ownerId, t.jobName, t.createdAt.desc()),
  ],
);
