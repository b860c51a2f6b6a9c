// readsAsUser: a read-only transaction as the caller, which the embedded database's thread may end between statements for a quicker call.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStorage } from '../src/testing';
import { inDatabaseLane, memories, sqlStateOf, type Database } from '../src/index';
import { failureOf, openTestDatabase, seedCast, seedMemory, type Cast } from './support';

/** A promise and the function that settles it. */
function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** The rows of a raw statement (drizzle types them by driver). */
async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

/** Who a statement runs as, and a transaction-local setting made earlier in its transaction. */
const WHO = sql`select svc_uid()::text as uid, current_user::text as role, current_setting('svc.probe', true) as probe,
  current_setting('transaction_read_only') as read_only, current_setting('svc.given', true) as given`;

describe('readsAsUser', () => {
  let database: Database;
  let cast: Cast;
  let alicesMemory: string;
  let davesMemory: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    cast = await seedCast(database);
    alicesMemory = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'alice keeps this' });
    davesMemory = await seedMemory(database, { ownerId: cast.dave.id, scopeId: cast.dave.personal, content: 'dave keeps this' });
  }, 60_000);
  afterAll(() => database.close());

  it('runs as the caller under row-level security', async () => {
    const seen = await database.readsAsUser({ userId: cast.alice.id }, (tx) => tx.select({ id: memories.id }).from(memories));
    const ids = seen.map((r) => r.id);
    expect(ids).toContain(alicesMemory);
    expect(ids).not.toContain(davesMemory);
  });

  it('makes the transaction-local settings it is given with the role', async () => {
    const settings = { 'svc.probe': 'given', 'svc.other': "it's bound" };
    const rows = await database.readsAsUser(
      { userId: cast.alice.id },
      (tx) => rowsOf(tx.execute(sql`select current_setting('svc.probe') as probe, current_setting('svc.other') as other, current_user::text as role`)),
      settings,
    );
    expect(rows).toEqual([{ probe: 'given', other: "it's bound", role: 'svc_authenticated' }]);
    // Transaction-local: the next transaction on the connection does not see them.
    const after = await database.asUser({ userId: cast.alice.id }, (tx) => rowsOf<{ probe: string | null }>(tx.execute(sql`select current_setting('svc.probe', true) as probe`)));
    expect(after[0]?.probe ?? '').toBe('');
  });

  it('refuses every write (25006), so nothing it does can be half-written', async () => {
    const refused = await failureOf(
      database.readsAsUser({ userId: cast.alice.id }, (tx) =>
        tx.update(memories).set({ content: 'changed' }).where(eq(memories.id, alicesMemory)),
      ),
    );
    expect(sqlStateOf(refused)).toBe('25006');
    const [row] = await database.db.select({ content: memories.content }).from(memories).where(eq(memories.id, alicesMemory));
    expect(row?.content).toBe('alice keeps this');
  });

  it('leaves asUser read-write', async () => {
    await database.asUser({ userId: cast.alice.id }, (tx) =>
      tx.update(memories).set({ importance: 0.9 }).where(eq(memories.id, alicesMemory)),
    );
    const [row] = await database.db.select({ importance: memories.importance }).from(memories).where(eq(memories.id, alicesMemory));
    expect(Number(row?.importance)).toBeCloseTo(0.9);
  });

  // The thread is PGlite's; PostgreSQL runs each transaction on a connection of its own.
  describe.skipIf(testStorage() === 'postgres')('on the embedded database thread', () => {
    it('lets a waiting interactive transaction in between two statements, then goes on as the caller with its settings', async () => {
      const order: string[] = [];
      const between = latch();
      let later: { uid: string; role: string; probe: string; read_only: string; given: string }[] = [];
      const search = inDatabaseLane('bulk', () =>
        database.readsAsUser(
          { userId: cast.alice.id },
          async (tx) => {
            await tx.execute(sql`select set_config('svc.probe', 'kept', true)`);
            order.push('search: first statement');
            // The serving thread busy elsewhere before the next statement: the card arrives meanwhile.
            await between.opened;
            later = await rowsOf(tx.execute(WHO));
            order.push('search: second statement');
          },
          { 'svc.given': 'with the role' },
        ),
      );
      while (order.length === 0) await turn();
      const card = inDatabaseLane('interactive', () =>
        database.asUser({ userId: cast.alice.id }, async (tx) => {
          await tx.execute(sql`select 1`);
          order.push('card');
        }),
      );
      await card;
      between.open();
      await search;
      expect(order).toEqual(['search: first statement', 'card', 'search: second statement']);
      expect(later).toEqual([{ uid: cast.alice.id, role: 'svc_authenticated', probe: 'kept', read_only: 'on', given: 'with the role' }]);
    });

    it('does not end a read-write transaction for a waiting interactive one', async () => {
      const order: string[] = [];
      const between = latch();
      const remember = inDatabaseLane('bulk', () =>
        database.asUser({ userId: cast.alice.id }, async (tx) => {
          await tx.execute(sql`select 1`);
          order.push('remember: first statement');
          await between.opened;
          await tx.execute(sql`select 1`);
          order.push('remember: second statement');
        }),
      );
      while (order.length === 0) await turn();
      const card = inDatabaseLane('interactive', () =>
        database.asUser({ userId: cast.alice.id }, async (tx) => {
          await tx.execute(sql`select 1`);
          order.push('card');
        }),
      );
      for (let i = 0; i < 20; i++) await turn();
      between.open();
      await Promise.all([remember, card]);
      expect(order).toEqual(['remember: first statement', 'remember: second statement', 'card']);
    });

    it('keeps a failed read-only transaction to its rollback, and the next one runs', async () => {
      const between = latch();
      const search = inDatabaseLane('bulk', () =>
        database.readsAsUser({ userId: cast.alice.id }, async (tx) => {
          await tx.execute(sql`select 1/0`).catch(() => undefined);
          await between.opened;
          // Postgres has aborted it: the statement after the failure is refused, not run anew.
          await tx.execute(sql`select 1`);
        }),
      );
      await turn();
      const card = inDatabaseLane('interactive', () => database.asUser({ userId: cast.alice.id }, (tx) => rowsOf(tx.execute(sql`select 1 as one`))));
      for (let i = 0; i < 20; i++) await turn();
      between.open();
      expect(sqlStateOf(await failureOf(search))).toBe('25P02');
      expect(await card).toEqual([{ one: 1 }]);
    });

    it('answers a commit after being ended with nothing to do, and a rollback alike', async () => {
      for (const end of ['commit', 'rollback'] as const) {
        const between = latch();
        let first = false;
        const search = inDatabaseLane('bulk', () =>
          database.readsAsUser({ userId: cast.alice.id }, async (tx) => {
            await tx.execute(sql`select 1`);
            first = true;
            await between.opened;
            if (end === 'rollback') tx.rollback();
            return 'done';
          }),
        );
        while (!first) await turn();
        await inDatabaseLane('interactive', () => database.asUser({ userId: cast.alice.id }, (tx) => tx.execute(sql`select 1`)));
        between.open();
        if (end === 'commit') expect(await search).toBe('done');
        else await expect(search).rejects.toThrow();
      }
      expect(await rowsOf(database.db.execute(sql`select 2 as two`))).toEqual([{ two: 2 }]);
    });
  });
});
