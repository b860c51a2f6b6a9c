// readsAsUser: a read-only transaction as the caller, with transaction-local settings made alongside the role's (asUser's and statementsAsUser's too).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories, sqlStateOf, type Database } from '../src/index';
import { failureOf, openTestDatabase, seedCast, seedMemory, type Cast } from './support';

/** The rows of a raw statement (drizzle types them by driver). */
async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

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

  it('stays read-only and the caller even when its settings name them', async () => {
    const refused = await failureOf(
      database.readsAsUser(
        { userId: cast.alice.id },
        (tx) => tx.update(memories).set({ content: 'changed' }).where(eq(memories.id, davesMemory)),
        { transaction_read_only: 'off', role: 'postgres', 'svc.user_id': cast.dave.id },
      ),
    );
    expect(sqlStateOf(refused)).toBe('25006');
    const [row] = await database.db.select({ content: memories.content }).from(memories).where(eq(memories.id, davesMemory));
    expect(row?.content).toBe('dave keeps this');
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

  it("asUser makes its settings too, stays read-write and the caller's even when they name them", async () => {
    const fine = await database.asUser(
      { userId: cast.alice.id },
      async (tx) => {
        await tx.update(memories).set({ importance: 0.7 }).where(eq(memories.id, davesMemory));
        return rowsOf(tx.execute(sql`select current_setting('hnsw.ef_search') as ef, current_user::text as role, svc_uid()::text as uid`));
      },
      { 'hnsw.ef_search': '40', role: 'postgres', 'svc.user_id': cast.dave.id },
    );
    expect(fine).toEqual([{ ef: '40', role: 'svc_authenticated', uid: cast.alice.id }]);
    const [row] = await database.db.select({ importance: memories.importance }).from(memories).where(eq(memories.id, davesMemory));
    expect(Number(row?.importance), "row-level security kept dave's memory from alice").toBeCloseTo(0.5);
  });

  it('statementsAsUser runs as the caller, read-write, under row-level security, with its settings', async () => {
    const seen = await database.statementsAsUser(
      { userId: cast.alice.id },
      async (tx) => {
        await tx.update(memories).set({ importance: 0.6 }).where(eq(memories.id, alicesMemory));
        await tx.update(memories).set({ importance: 0.6 }).where(eq(memories.id, davesMemory));
        return rowsOf(tx.execute(sql`select current_setting('svc.probe') as probe, current_user::text as role, svc_uid()::text as uid`));
      },
      { 'svc.probe': 'given' },
    );
    expect(seen).toEqual([{ probe: 'given', role: 'svc_authenticated', uid: cast.alice.id }]);
    const rows = await database.db.select({ id: memories.id, importance: memories.importance }).from(memories);
    const importance = new Map(rows.map((r) => [r.id, Number(r.importance)]));
    expect(importance.get(alicesMemory)).toBeCloseTo(0.6);
    expect(importance.get(davesMemory), "row-level security kept dave's memory from alice").toBeCloseTo(0.5);
  });

  it('leaves asUser read-write', async () => {
    await database.asUser({ userId: cast.alice.id }, (tx) =>
      tx.update(memories).set({ importance: 0.9 }).where(eq(memories.id, alicesMemory)),
    );
    const [row] = await database.db.select({ importance: memories.importance }).from(memories).where(eq(memories.id, alicesMemory));
    expect(Number(row?.importance)).toBeCloseTo(0.9);
  });
});
