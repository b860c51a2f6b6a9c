// Who sees which memories, and who may link versions of them, as the signed-in role.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories, memorySupersedes, type Database } from '../src/index';
import { expectForbidden, openTestDatabase, readMemory, seedCast, seedMemory, updateMemoryAs, type Cast } from './support';

let database: Database;
let cast: Cast;

beforeAll(async () => {
  database = await openTestDatabase();
  cast = await seedCast(database);
});
afterAll(() => database.close());

const as = (userId: string) => ({ userId });

describe('visibility', () => {
  it("shows a second user none of the first user's rows", async () => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'private' });
    const seen = await database.asUser(as(cast.dave.id), (tx) =>
      tx.select({ id: memories.id, ownerId: memories.ownerId }).from(memories),
    );
    expect(seen.filter((row) => row.ownerId !== cast.dave.id)).toEqual([]);
    // A write aimed at an invisible row finds nothing to change.
    expect(await updateMemoryAs(database, cast.dave.id, id, { content: 'hijacked' })).toEqual([]);
    expect((await readMemory(database, id))?.content).toBe('private');
  });

  it("shows a project reader the project's memories but not the owner's personal ones", async () => {
    const personal = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'p' });
    const team = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 't' });
    const ids = await database.asUser(as(cast.carol.id), async (tx) =>
      (await tx.select({ id: memories.id }).from(memories)).map((row) => row.id),
    );
    expect(ids).toContain(team);
    expect(ids).not.toContain(personal);
  });

  it('lets an anonymous caller read nothing at all', async () => {
    await expectForbidden(database.asAnon((tx) => tx.select().from(memories)));
    await expectForbidden(database.asAnon((tx) => tx.execute(sql`select count(*) from users`)));
  });
});

describe('supersedes links', () => {
  it('lets only the owner of the predecessor supersede it, and delete only their own links', async () => {
    const older = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'v1' });
    const newer = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'v2' });
    const bobs = await seedMemory(database, { ownerId: cast.bob.id, scopeId: cast.alpha.scope, content: 'v2 by bob' });
    await expectForbidden(
      database.asUser(as(cast.bob.id), (tx) =>
        tx.insert(memorySupersedes).values({ successorId: bobs, predecessorId: older, createdBy: cast.bob.id }),
      ),
    );
    await database.asUser(as(cast.alice.id), (tx) =>
      tx.insert(memorySupersedes).values({ successorId: newer, predecessorId: older, createdBy: cast.alice.id }),
    );
    const removedByBob = await database.asUser(as(cast.bob.id), (tx) =>
      tx.delete(memorySupersedes).where(eq(memorySupersedes.predecessorId, older)).returning(),
    );
    expect(removedByBob).toEqual([]);
    const removedByAlice = await database.asUser(as(cast.alice.id), (tx) =>
      tx.delete(memorySupersedes).where(eq(memorySupersedes.predecessorId, older)).returning(),
    );
    expect(removedByAlice).toHaveLength(1);
  });
});
