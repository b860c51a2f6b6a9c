import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, rowsOf, type Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { DEFAULT_SESSION_RETENTION_DAYS, sessionUpkeepJob } from '../src/definitions/session-upkeep';
import { SESSION_DELETE_BATCH } from '../src/definitions/session-upkeep.handler';
import { registeredJobs } from '../src/registry';
import { jobContext } from './helpers';

let database: Database;
let userId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  userId = (await createUser(database.db, 'ada@example.com')).user.id;
});
afterAll(() => database.close());

const DAY = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00Z');

const ctxAt = (now: Date) => jobContext(database, () => now);

/** `count` session rows last seen `daysAgo` days before NOW, each with a thread hash of its own. */
async function sessions(label: string, daysAgo: number, count = 1): Promise<void> {
  const seen = new Date(NOW.getTime() - daysAgo * DAY).toISOString();
  await database.db.execute(sql`
    insert into mcp_sessions (thread_hash, user_id, last_seen_at)
    select ${label} || '-' || g, ${userId}::uuid, ${seen}::timestamptz from generate_series(1, ${count}) g`);
}

async function remaining(): Promise<Record<string, number>> {
  const rows = rowsOf<{ label: string; n: number }>(
    await database.db.execute(sql`
      select split_part(thread_hash, '-', 1) as label, count(*)::int as n from mcp_sessions group by 1 order by 1`),
  );
  return Object.fromEntries(rows.map((r) => [r.label, r.n]));
}

describe('session upkeep', () => {
  it('deletes thread sessions unused for longer than the retention and keeps the others', async () => {
    await sessions('recent', 1);
    await sessions('edge', DEFAULT_SESSION_RETENTION_DAYS - 1);
    // More than one batch of old rows: the run goes on until none is left.
    await sessions('old', DEFAULT_SESSION_RETENTION_DAYS + 1, SESSION_DELETE_BATCH + 7);
    await sessions('ancient', 400);
    const result = await sessionUpkeepJob().handler(ctxAt(NOW));
    expect(result.deleted).toBe(SESSION_DELETE_BATCH + 8);
    expect(await remaining()).toEqual({ edge: 1, recent: 1 });
    // Idempotent: nothing more is old.
    expect((await sessionUpkeepJob().handler(ctxAt(NOW))).deleted).toBe(0);
  });

  it('takes its retention from the setting', async () => {
    expect((await sessionUpkeepJob(30).handler(ctxAt(NOW))).deleted).toBe(1);
    expect(await remaining()).toEqual({ recent: 1 });
  });

  it('is registered to run daily, capped like every job', () => {
    const job = registeredJobs({ memory: { database } as never, embedder: null, keepWarmMinutes: 0 }).find((j) => j.name === 'session-upkeep');
    expect(job?.schedule).toBe('20 0 * * *');
    expect(job?.timeoutMs).toBe(15 * 60_000);
  });
});
