// Vectors in and out: indexing, background re-embedding on a model change, similarity and the adapters.
import { memoryEmbeddings, rowsOf } from '@svc/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeEmbedder,
  openWorld,
  silentLogger,
  store,
  type World,
} from '../../test/retrieval-support';
import { hybridIndexer, hybridRetriever } from './adapters';
import { embedMemories, indexMemories } from './embed-memories';
import { findSimilar } from './find-similar';
import { reembedMissing } from './reembed';

let world: World;
const logger = silentLogger();
const embedder = fakeEmbedder('fake-a');
const ids: Record<string, string> = {};

const vectorCount = async (model: string) =>
  Number(
    rowsOf<{ n: number }>(
      await world.database.db.execute(
        sql`select count(*)::int as n from memory_embeddings where model = ${model}`,
      ),
    )[0]?.n,
  );

beforeAll(async () => {
  world = await openWorld();
  const texts = {
    fridays: 'We deploy the api on fridays',
    fridays2: 'We deploy the api on fridays after review',
    tabs: 'Tabs over spaces in every file',
  };
  const stored = await store(
    world,
    world.alice,
    Object.values(texts).map((content) => ({ content })),
  );
  Object.keys(texts).forEach((key, i) => (ids[key] = stored[i]!));
  ids.bob = (await store(world, world.bob, [{ content: 'We deploy the api on fridays' }]))[0]!;
});
afterAll(() => world.database.close());

describe('indexing', () => {
  it("stores a user's own vectors only, and the service's for everyone", async () => {
    const written = await world.database.asUser(world.alice, (tx) =>
      embedMemories(tx, embedder, [ids.fridays!, ids.bob!], logger),
    );
    expect(written).toBe(1);
    expect(await indexMemories({ database: world.database }, embedder, [ids.bob!], logger)).toBe(1);
  });

  it('fills in every missing vector in batches, and again for a new model, keeping the old ones', async () => {
    const first = await reembedMissing(world.database, embedder, logger, { batchSize: 2 });
    expect(first.embedded).toBe(2);
    expect(await vectorCount('fake-a')).toBe(4);
    expect((await reembedMissing(world.database, embedder, logger)).embedded).toBe(0);
    const next = fakeEmbedder('fake-b');
    expect((await reembedMissing(world.database, next, logger, { batchSize: 3 })).embedded).toBe(4);
    expect(await vectorCount('fake-a')).toBe(4);
    const indexes = rowsOf<{ indexname: string }>(
      await world.database.db.execute(
        sql`select indexname from pg_indexes where tablename = 'memory_embeddings'`,
      ),
    );
    expect(indexes.filter((i) => i.indexname.includes('hnsw_fake'))).toHaveLength(2);
  });

  it('embeds each memory once when a second pass is asked for while one is under way', async () => {
    const counting = fakeEmbedder('fake-c');
    let embedded = 0;
    const spy: typeof counting = {
      ...counting,
      embed: async (texts, purpose) => {
        embedded += texts.length;
        return counting.embed(texts, purpose);
      },
    };
    const [a, b] = await Promise.all([
      reembedMissing(world.database, spy, logger, { batchSize: 1 }),
      reembedMissing(world.database, spy, logger, { batchSize: 1 }),
    ]);
    expect(a).toEqual(b);
    expect(a.embedded).toBe(4);
    expect(embedded).toBe(4);
    expect(await vectorCount('fake-c')).toBe(4);
    // Once it has ended, a new pass starts (and finds nothing left).
    expect((await reembedMissing(world.database, spy, logger)).embedded).toBe(0);
  });
});

describe('findSimilar', () => {
  const deps = { embedder, logger };

  it('finds near-duplicates by vector, never the memory itself nor what the caller cannot see', async () => {
    const matches = await world.database.asUser(world.alice, (tx) =>
      findSimilar(tx, { memoryId: ids.fridays!, k: 5, minSimilarity: 0.5 }, deps),
    );
    expect(matches.map((m) => m.memoryId)).toEqual([ids.fridays2]);
    expect(matches[0]?.method).toBe('vector');
    await expect(
      world.database.asUser(world.alice, (tx) =>
        findSimilar(tx, { memoryId: ids.bob!, k: 5 }, deps),
      ),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('falls back to shared words without an embedder', async () => {
    const matches = await world.database.asUser(world.alice, (tx) =>
      findSimilar(tx, { text: 'deploy the api on fridays', k: 5 }, { embedder: null, logger }),
    );
    expect(matches.map((m) => m.memoryId)).toEqual([ids.fridays, ids.fridays2]);
    expect(matches[0]?.similarity).toBeCloseTo(1, 9);
    expect(matches.every((m) => m.method === 'lexical')).toBe(true);
  });
});

describe('adapters', () => {
  it('remember: prepares outside the transaction, stores, and flags near-duplicates in the scope', async () => {
    const indexer = hybridIndexer({ embedder, logger });
    const content = 'We deploy the api on fridays';
    const prepared = await indexer.prepare(content);
    const calls = embedder.calls;
    const [id] = await store(world, world.alice, [{ content }]);
    const duplicates = await world.database.asUser(world.alice, async (tx) => {
      return indexer.storeNear(tx, { memoryId: id!, scopeId: world.alice.personal, prepared });
    });
    expect(embedder.calls).toBe(calls);
    expect(duplicates.map((d) => d.id)).toContain(ids.fridays);
    expect(duplicates.map((d) => d.id)).not.toContain(id);
    expect(duplicates[0]?.content).toBe(content);
    const stored = await world.database.db
      .select()
      .from(memoryEmbeddings)
      .where(eq(memoryEmbeddings.memoryId, id!));
    expect(stored.map((s) => s.model)).toEqual(['fake-a']);
  });

  it('recall: maps the recall query onto hybrid search', async () => {
    const retriever = hybridRetriever({ embedder, logger });
    const hits = await world.database.asUser(world.alice, (tx) =>
      retriever.search(tx, {
        query: 'tabs or spaces?',
        k: 1,
        scopeIds: null,
        includeRetired: false,
      }),
    );
    expect(hits).toHaveLength(1);
    expect(hits[0]?.memoryId).toBe(ids.tabs);
    expect(hits[0]?.score).toBeGreaterThan(0.5);
    expect(hits[0]?.why).toMatch(/^Matches "tabs", "spaces"; close in meaning \(0\.\d\d\)\.$/);
  });
});
