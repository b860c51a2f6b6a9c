// both(): two statements of one transaction sent together where the driver keeps their order, one after the other where not.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { both, rowsOf, sendsAtOnce, type Database } from '../src/index';
import { openTestDatabase } from './support';

describe('both', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(() => database.close());

  it('sends the second before the first has answered on the embedded database only, and gives both results', async () => {
    const events: string[] = [];
    const step = (name: string, statement: ReturnType<typeof sql>, tx: Parameters<Parameters<Database['system']>[0]>[0]) => async () => {
      events.push(`${name} sent`);
      const rows = rowsOf<{ n: number }>(await tx.execute(statement));
      events.push(`${name} answered`);
      return rows;
    };
    const [first, second] = await database.system(async (tx) => {
      expect(sendsAtOnce(tx)).toBe(database.kind === 'embedded');
      return both(tx, step('first', sql`select 1::int as n`, tx), step('second', sql`select 2::int as n`, tx));
    });
    expect([first, second]).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    // node-postgres deprecates a query on a client that is still running one.
    expect(events).toEqual(
      database.kind === 'embedded'
        ? ['first sent', 'second sent', 'first answered', 'second answered']
        : ['first sent', 'first answered', 'second sent', 'second answered'],
    );
  });

  it('outside a transaction sends at once on neither driver', () => {
    expect(sendsAtOnce(database.db)).toBe(false);
  });
});
