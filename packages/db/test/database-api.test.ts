// The Database API functions (signed-in only) and the second-factor rule of the database.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureEmbeddingIndex,
  findSimilarMemories,
  memories,
  memoryEmbeddings,
  memorySupersedes,
  memoryVersionHistory,
  rowsOf,
  searchMemories,
  type Database,
} from '../src/index';
import { createUser } from '../src/queries/users';
import { enrollMfa, expectForbidden, expectSqlState, openTestDatabase, seedCast, seedMemory, type Cast } from './support';

let database: Database;
let cast: Cast;
const MODEL = 'test-embedder';

beforeAll(async () => {
  database = await openTestDatabase();
  cast = await seedCast(database);
});
afterAll(() => database.close());

const anonymousCalls: Array<[string, ReturnType<typeof sql>]> = [
  ['svc_search_memories', sql`select * from svc_search_memories('anything', 5)`],
  ['svc_find_similar_memory', sql`select * from svc_find_similar_memory('[1,0,0]'::vector, 'm', 5)`],
  ['svc_memory_version_history', sql`select * from svc_memory_version_history(gen_random_uuid())`],
];

describe('anonymous callers', () => {
  it.each(anonymousCalls)('%s refuses svc_anon with 42501', async (_name, query) => {
    await expectForbidden(database.asAnon((tx) => tx.execute(query)));
  });

  it.each(anonymousCalls)('%s refuses a caller who names no user with 42501', async (_name, query) => {
    await expectForbidden(database.system((tx) => tx.execute(query)));
  });
});

describe('svc_search_memories', () => {
  it('finds visible, valid memories by stemmed words, best first', async () => {
    const own = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'Deployments run on Fridays', tags: ['deploying'] });
    const team = await seedMemory(database, { ownerId: cast.bob.id, scopeId: cast.alpha.scope, content: 'We deployed the billing service' });
    const retired = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'deploy by hand', invalidatedAt: new Date() });
    const foreign = await seedMemory(database, { ownerId: cast.dave.id, scopeId: cast.dave.personal, content: 'deploy secrets of dave' });
    const hits = await database.asUser({ userId: cast.alice.id }, (tx) => searchMemories(tx, { query: 'deploy', k: 10 }));
    const ids = hits.map((hit) => hit.memory_id);
    expect(ids).toEqual(expect.arrayContaining([own, team]));
    expect(ids).not.toContain(retired);
    expect(ids).not.toContain(foreign);
    // Tags weigh more than content, so the tagged memory ranks first.
    expect(ids[0]).toBe(own);
    expect(hits.every((hit) => hit.rank > 0 && hit.rank <= 1)).toBe(true);
    const withRetired = await database.asUser({ userId: cast.alice.id }, (tx) =>
      searchMemories(tx, { query: 'deploy', includeRetired: true, scopeIds: [cast.alice.personal] }),
    );
    expect(withRetired.map((hit) => hit.memory_id).sort()).toEqual([own, retired].sort());
  });

  it('refuses k above 100 as validation_failed', async () => {
    const err = await expectSqlState(
      database.asUser({ userId: cast.alice.id }, (tx) => searchMemories(tx, { query: 'x', k: 101 })),
      '22023',
    );
    expect(err.code).toBe('validation_failed');
  });
});

describe('svc_find_similar_memory', () => {
  it('ranks visible memories of the model by cosine distance, using the per-model index', async () => {
    const near = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'near' });
    const far = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'far' });
    const hidden = await seedMemory(database, { ownerId: cast.dave.id, scopeId: cast.dave.personal, content: 'hidden' });
    await database.asUser({ userId: cast.alice.id }, (tx) =>
      tx.insert(memoryEmbeddings).values([
        { memoryId: near, model: MODEL, embedding: [1, 0.1, 0] },
        { memoryId: far, model: MODEL, embedding: [0, 1, 0] },
      ]),
    );
    await database.db.insert(memoryEmbeddings).values({ memoryId: hidden, model: MODEL, embedding: [1, 0, 0] });
    const index = await ensureEmbeddingIndex(database.db, MODEL, 3);
    expect(await ensureEmbeddingIndex(database.db, MODEL, 3)).toBe(index);
    const defs = rowsOf<{ indexdef: string }>(
      await database.db.execute(sql`select indexdef from pg_indexes where indexname = ${index}`),
    );
    expect(defs[0]?.indexdef).toMatch(/hnsw \(\(\(embedding\)::vector\(3\)\) vector_cosine_ops\) WHERE \(model = 'test-embedder'::text\)/);

    const hits = await database.asUser({ userId: cast.alice.id }, (tx) =>
      findSimilarMemories(tx, { embedding: [1, 0, 0], model: MODEL, k: 5 }),
    );
    expect(hits.map((hit) => hit.memory_id)).toEqual([near, far]);
    expect(hits[0]?.distance).toBeLessThan(hits[1]?.distance ?? 0);
    const close = await database.asUser({ userId: cast.alice.id }, (tx) =>
      findSimilarMemories(tx, { embedding: [1, 0, 0], model: MODEL, maxDistance: 0.1 }),
    );
    expect(close.map((hit) => hit.memory_id)).toEqual([near]);
  });
});

describe('svc_memory_version_history', () => {
  it('walks supersedes links both ways from any version', async () => {
    const v1 = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'v1' });
    const v2 = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'v2' });
    const v3 = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'v3' });
    await database.asUser({ userId: cast.alice.id }, (tx) =>
      tx.insert(memorySupersedes).values([
        { successorId: v2, predecessorId: v1, createdBy: cast.alice.id },
        { successorId: v3, predecessorId: v2, createdBy: cast.alice.id },
      ]),
    );
    const history = await database.asUser({ userId: cast.carol.id }, (tx) => memoryVersionHistory(tx, v2));
    expect(history.map((row) => [row.version_id, row.depth])).toEqual([[v1, -1], [v2, 0], [v3, 1]]);
    expect(history[0]?.superseded_by).toEqual([v2]);
    // Superseded versions drop out of search; the newest stays.
    const hits = await database.asUser({ userId: cast.alice.id }, (tx) => searchMemories(tx, { query: 'v1 or v2 or v3' }));
    expect(hits.map((hit) => hit.memory_id)).toEqual([v3]);
    const outsider = await database.asUser({ userId: cast.dave.id }, (tx) => memoryVersionHistory(tx, v2));
    expect(outsider).toEqual([]);
  });
});

describe('second factor', () => {
  it('shows an enrolled user nothing and accepts no write until the session is aal2', async () => {
    const { user, personalScopeId } = await createUser(database.db, 'erin@example.test');
    await seedMemory(database, { ownerId: user.id, scopeId: personalScopeId, content: 'erin private' });
    await enrollMfa(database, user.id);
    const insert = (aal: 'aal1' | 'aal2') =>
      database.asUser({ userId: user.id, aal }, (tx) =>
        tx.insert(memories).values({ ownerId: user.id, scopeId: personalScopeId, content: `from ${aal}` }).returning(),
      );
    const count = (aal: 'aal1' | 'aal2') =>
      database.asUser({ userId: user.id, aal }, async (tx) => (await tx.select().from(memories)).length);

    expect(await count('aal1')).toBe(0);
    await expectForbidden(insert('aal1'));
    const hits = await database.asUser({ userId: user.id, aal: 'aal1' }, (tx) => searchMemories(tx, { query: 'erin' }));
    expect(hits).toEqual([]);

    expect(await count('aal2')).toBe(1);
    expect(await insert('aal2')).toHaveLength(1);
    const rows = await database.db.select().from(memories).where(eq(memories.ownerId, user.id));
    expect(rows.map((row) => row.content).sort()).toEqual(['erin private', 'from aal2']);
  });
});
