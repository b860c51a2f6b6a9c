// `svc jobs`: every job with its schedule, next run, last outcome and duration, read from the queue's own tables.
import type { Database } from '@svc/db';
import { listSchedules, type ScheduleRow } from '@svc/jobs-runtime';
import { z } from 'zod';

export const jobsListArgs = z.object({});

const iso = (d: Date | null) => (d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : '-');

function line(row: ScheduleRow): string[] {
  return [
    row.job,
    row.schedule ?? 'on request',
    iso(row.nextRun),
    row.lastOutcome ?? 'never run',
    iso(row.lastStarted),
    row.durationMs === null ? '-' : `${row.durationMs} ms`,
  ];
}

export async function jobsList(db: Database): Promise<string> {
  const rows = await listSchedules(db);
  if (rows.length === 0)
    return 'no jobs yet: the queue is created when the server (embedded) or `svc jobs run` first starts';
  const table = [
    ['JOB', 'SCHEDULE (UTC)', 'NEXT RUN', 'LAST OUTCOME', 'LAST STARTED', 'DURATION'],
    ...rows.map(line),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
  return table
    .map((r) =>
      r
        .map((cell, c) => cell.padEnd(widths[c]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
