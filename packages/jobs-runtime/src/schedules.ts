// What `svc jobs` shows: every queue with its schedule, next run, and the outcome and duration of its last run.
import { CronExpressionParser } from 'cron-parser';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '@svc/db';
import { FAILURES_QUEUE } from './failures';

export interface ScheduleRow {
  job: string;
  /** A UTC cron expression, or null for a job that only runs when sent. */
  schedule: string | null;
  nextRun: Date | null;
  lastOutcome: 'completed' | 'failed' | 'cancelled' | 'active' | null;
  lastStarted: Date | null;
  durationMs: number | null;
}

interface Raw {
  name: string;
  cron: string | null;
  timezone: string | null;
  state: ScheduleRow['lastOutcome'];
  started_on: string | Date | null;
  completed_on: string | Date | null;
}

const asDate = (v: string | Date | null) => (v === null ? null : new Date(v));

/** Reads pg-boss's own tables, so it needs no running scheduler; empty before the first start created them. */
export async function listSchedules(database: Database, now = new Date()): Promise<ScheduleRow[]> {
  const installed = rowsOf<{ ok: boolean }>(
    await database.db.execute(sql`select to_regclass('pgboss.queue') is not null as ok`),
  );
  if (!installed[0]?.ok) return [];
  const rows = rowsOf<Raw>(
    await database.db.execute(sql`
      select q.name, s.cron, s.timezone, last.state, last.started_on, last.completed_on
      from pgboss.queue q
      left join pgboss.schedule s on s.name = q.name
      left join lateral (
        select j.state::text as state, j.started_on, j.completed_on from pgboss.job j
        where j.name = q.name and j.state in ('active', 'completed', 'failed', 'cancelled')
        order by j.started_on desc nulls last limit 1
      ) last on true
      where q.name not like '\\_\\_%' escape '\\' and q.name <> ${FAILURES_QUEUE}
      order by q.name`),
  );
  return rows.map((r) => {
    const started = asDate(r.started_on);
    const completed = asDate(r.completed_on);
    return {
      job: r.name,
      schedule: r.cron,
      nextRun: r.cron
        ? CronExpressionParser.parse(r.cron, { currentDate: now, tz: r.timezone ?? 'UTC' })
            .next()
            .toDate()
        : null,
      lastOutcome: r.state,
      lastStarted: started,
      durationMs:
        started && completed && r.state !== 'active'
          ? completed.getTime() - started.getTime()
          : null,
    };
  });
}
