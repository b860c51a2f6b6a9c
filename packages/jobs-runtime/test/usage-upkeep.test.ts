import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { usageUpkeepJob } from '../src/definitions/usage-upkeep';
import { PARTITION_MONTHS_AHEAD } from '../src/definitions/usage-upkeep.handler';
import { jobContext } from './helpers';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function partitions(): Promise<string[]> {
  const res = await database.db.execute(sql`
    select c.relname from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'usage_events' order by 1`);
  return (res as unknown as { rows: { relname: string }[] }).rows.map((r) => r.relname);
}

function monthName(offset: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return `usage_events_${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe('usage upkeep', () => {
  it('creates the monthly partitions ahead and is idempotent', async () => {
    const ctx = jobContext(database);
    await usageUpkeepJob.handler(ctx);
    const names = await partitions();
    for (let m = 0; m <= PARTITION_MONTHS_AHEAD; m++) expect(names).toContain(monthName(m));
    expect((await usageUpkeepJob.handler(ctx)).partitionsCreated).toBe(0);
    expect(await partitions()).toEqual(names);
  });

  it('is capped at the contract maximum of 15 minutes and runs after deploys', () => {
    expect(usageUpkeepJob.timeoutMs).toBe(15 * 60_000);
    expect(usageUpkeepJob.runAfterDeploy).toBe(true);
  });
});
