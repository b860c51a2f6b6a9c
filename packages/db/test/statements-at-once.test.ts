// both() and allAtOnce(): statements of one transaction sent together where the driver keeps their order, one after the other where not.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAtOnce, both, rowsOf, sendsAtOnce, type Database } from '../src/index';
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

  it('allAtOnce gives each result in the order given, all sent before any answer on the embedded database', async () => {
    const events: string[] = [];
    const results = await database.system((tx) => {
      const read = (n: number) => async () => {
        events.push(`${n} sent`);
        const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select ${n}::int as n`));
        events.push(`${n} answered`);
        return row!.n;
      };
      return allAtOnce(tx, [read(1), read(2), read(3)]);
    });
    expect(results).toEqual([1, 2, 3]);
    expect(events.slice(0, 3)).toEqual(
      database.kind === 'embedded' ? ['1 sent', '2 sent', '3 sent'] : ['1 sent', '1 answered', '2 sent'],
    );
  });

  it('allAtOnce fails with the failing read, and the transaction keeps nothing', async () => {
    await database.system((tx) => tx.execute(sql`create table if not exists at_once_probe (n int)`));
    const attempt = database.system((tx) =>
      allAtOnce(tx, [
        () => tx.execute(sql`insert into at_once_probe values (1)`),
        () => tx.execute(sql`select 1 / 0`),
        () => tx.execute(sql`insert into at_once_probe values (2)`),
      ]),
    );
    await expect(attempt).rejects.toThrow(/division by zero/);
    const [row] = await database.system(async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from at_once_probe`)));
    expect(row!.n).toBe(0);
  });

  it('outside a transaction sends at once on neither driver', () => {
    expect(sendsAtOnce(database.db)).toBe(false);
  });
});
