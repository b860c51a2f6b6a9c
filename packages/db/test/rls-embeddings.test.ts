// Who sees a memory's vectors: exactly who sees the memory, also after it moves, whatever a writer claims.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories, memoryEmbeddings, rowsOf, type Database } from '../src/index';
import { expectForbidden, openTestDatabase, seedCast, seedMemory, type Cast } from './support';

let database: Database;
let cast: Cast;
const MODEL = 'test-3';

beforeAll(async () => {
  database = await openTestDatabase();
  cast = await seedCast(database);
});
afterAll(() => database.close());

async function embed(memoryId: string) {
  await database.db.insert(memoryEmbeddings).values({ memoryId, model: MODEL, embedding: [1, 0, 0] });
}

async function vectorsSeenBy(userId: string, ids: string[]) {
  const rows = await database.asUser({ userId }, (tx) =>
    tx.execute(sql`select memory_id from memory_embeddings where memory_id = any(${`{${ids.join(',')}}`}::uuid[])`),
  );
  return rowsOf<{ memory_id: string }>(rows).map((r) => r.memory_id).sort();
}

describe("a memory's vectors", () => {
  it('are visible to whoever may read the memory and to nobody else', async () => {
    const personal = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'p' });
    const team = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 't' });
    await embed(personal);
    await embed(team);
    const both = [personal, team].sort();
    expect(await vectorsSeenBy(cast.alice.id, both)).toEqual(both);
    expect(await vectorsSeenBy(cast.carol.id, both)).toEqual([team]);
    expect(await vectorsSeenBy(cast.dave.id, both)).toEqual([]);
  });

  it('follow their memory to another scope', async () => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'moving' });
    await embed(id);
    expect(await vectorsSeenBy(cast.carol.id, [id])).toEqual([id]);
    await database.asUser({ userId: cast.alice.id }, (tx) =>
      tx.update(memories).set({ scopeId: cast.alice.personal }).where(eq(memories.id, id)),
    );
    expect(await vectorsSeenBy(cast.carol.id, [id])).toEqual([]);
    expect(await vectorsSeenBy(cast.alice.id, [id])).toEqual([id]);
  });

  it("take the memory's owner and scope, not what the writer claims", async () => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'mine' });
    await database.asUser({ userId: cast.alice.id }, (tx) =>
      tx.insert(memoryEmbeddings).values({
        memoryId: id,
        model: MODEL,
        embedding: [0, 1, 0],
        ownerId: cast.dave.id,
        scopeId: cast.gamma.scope,
      }),
    );
    const [row] = await database.db.select().from(memoryEmbeddings).where(eq(memoryEmbeddings.memoryId, id));
    expect({ owner: row?.ownerId, scope: row?.scopeId }).toEqual({ owner: cast.alice.id, scope: cast.alice.personal });
    expect(await vectorsSeenBy(cast.dave.id, [id])).toEqual([]);
  });

  it("cannot be written for another person's memory, even one the writer may read", async () => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'shared' });
    await expectForbidden(
      database.asUser({ userId: cast.bob.id }, (tx) =>
        tx.insert(memoryEmbeddings).values({ memoryId: id, model: MODEL, embedding: [0, 0, 1] }),
      ),
    );
  });
});
