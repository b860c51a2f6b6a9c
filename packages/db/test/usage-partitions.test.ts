// The monthly usage ledger: partitions are kept ahead idempotently and no event is ever lost.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, usageEvents, type Database } from '../src/index';
import { expectSqlState, openTestDatabase } from './support';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function monthName(offset: number): string {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return `usage_events_${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function ensure(monthsAhead: number): Promise<number> {
  const [row] = rowsOf<{ created: number }>(
    await database.db.execute(sql`select svc_ensure_usage_partitions(${monthsAhead}) as created`),
  );
  return Number(row?.created);
}

async function partitionOf(id: string): Promise<string | undefined> {
  const [row] = rowsOf<{ part: string }>(
    await database.db.execute(sql`select tableoid::regclass::text as part from usage_events where id = ${id}`),
  );
  return row?.part;
}

describe('svc_ensure_usage_partitions', () => {
  it('has the current month and two ahead after migrating, and creating them again does nothing', async () => {
    expect(await ensure(2)).toBe(0);
    const parts = rowsOf<{ name: string }>(
      await database.db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'usage_events'::regclass order by 1`),
    ).map((row) => row.name);
    expect(parts).toEqual(expect.arrayContaining([monthName(0), monthName(1), monthName(2), 'usage_events_default']));
  });

  it('creates only the missing months and is idempotent', async () => {
    expect(await ensure(5)).toBe(3);
    expect(await ensure(5)).toBe(0);
  });

  it('routes events to their month, keeps far-future ones in the default, and moves them when their month arrives', async () => {
    const [current] = await database.db.insert(usageEvents).values({ tool: 'recall', outcome: 'ok', durationMs: 12 }).returning();
    expect(await partitionOf(current?.id ?? '')).toBe(monthName(0));

    const now = new Date();
    const far = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 10, 2));
    const [future] = await database.db.insert(usageEvents).values({ tool: 'remember', outcome: 'conflict', createdAt: far }).returning();
    expect(await partitionOf(future?.id ?? '')).toBe('usage_events_default');

    expect(await ensure(11)).toBe(6);
    expect(await partitionOf(future?.id ?? '')).toBe(monthName(10));
    const [count] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from usage_events`));
    expect(count?.n).toBe(2);
  });

  it('refuses a nonsensical horizon and is not callable by a signed-in user', async () => {
    await expectSqlState(database.system((tx) => tx.execute(sql`select svc_ensure_usage_partitions(-1)`)), '22023');
    await expectSqlState(
      database.asUser({ userId: '00000000-0000-4000-8000-000000000000' }, (tx) => tx.execute(sql`select svc_ensure_usage_partitions(1)`)),
      '42501',
    );
  });
});
