// The test-database helper gives each caller an empty, migrated database on the leg it runs on.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testStorage } from '../src/testing';
import { rowsOf, type Database } from '../src/index';

const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});

describe('openTestDatabase', () => {
  it('opens the driver of this leg, migrated and empty, and two calls do not share rows', async () => {
    const a = await openTestDatabase();
    const b = await openTestDatabase();
    opened.push(a, b);
    expect(a.kind).toBe(testStorage() === 'postgres' ? 'server' : 'embedded');
    await a.db.execute(sql`insert into users (email, display_name) values ('only-a@example.test', 'A')`);
    const count = async (database: Database) =>
      rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from users`))[0]?.n;
    expect(await count(a)).toBe(1);
    expect(await count(b)).toBe(0);
  });
});
