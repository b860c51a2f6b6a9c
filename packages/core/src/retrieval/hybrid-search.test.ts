// Hybrid search on a real embedded database: ranking sanity, validity, isolation, filters, bounds, vectors.
import { memorySupersedes, memories } from '@svc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  fakeEmbedder,
  openWorld,
  silentLogger,
  store,
  type World,
} from '../../test/retrieval-support';
import { indexMemories } from './embed-memories';
import { hybridSearch } from './hybrid-search';
import type { RetrievalDeps } from './deps';
import type { HybridSearchOptions } from './types';

let world: World;
const logger = silentLogger();
const embedder = fakeEmbedder();
const lexicalOnly: RetrievalDeps = { embedder: null, logger };
const ids: Record<string, string> = {};

const CORPUS: Record<string, string> = {
  kubernetes: 'The staging cluster runs on Kubernetes since March.',
  postgres: 'Production data lives in Postgres with nightly backups.',
  retired: 'The staging cluster used Docker Swarm before Kubernetes.',
  old: 'Deploys happen on Tuesdays.',
  new: 'Deploys happen on Thursdays now.',
  tagged: 'Use pnpm for every package in the monorepo.',
  meaning: 'Weekly releases ship late in the week.',
};

beforeAll(async () => {
  world = await openWorld();
  const entries = Object.entries(CORPUS);
  const stored = await store(
    world,
    world.alice,
    entries.map(([key, content]) => ({
      content,
      kind: key === 'tagged' ? ('instruction' as const) : ('fact' as const),
      tags: key === 'tagged' ? ['tooling'] : [],
      eventAt: key === 'postgres' ? new Date('2020-01-01T00:00:00Z') : null,
    })),
  );
  entries.forEach(([key], i) => (ids[key] = stored[i]!));
  ids.bob = (
    await store(world, world.bob, [{ content: 'Bob keeps Kubernetes secrets of his own.' }])
  )[0]!;
  await world.database.asUser(world.alice, async (tx) => {
    await tx
      .update(memories)
      .set({ invalidatedAt: new Date(), invalidatedBy: world.alice.userId })
      .where(eq(memories.id, ids.retired!));
    await tx
      .insert(memorySupersedes)
      .values({ successorId: ids.new!, predecessorId: ids.old!, createdBy: world.alice.userId });
  });
  await indexMemories({ database: world.database }, embedder, [...Object.values(ids)], logger);
});
afterAll(() => world.database.close());

const search = (
  who: World['alice'],
  options: Partial<HybridSearchOptions>,
  deps: RetrievalDeps = lexicalOnly,
) => world.database.asUser(who, (tx) => hybridSearch(tx, { query: '', k: 10, ...options }, deps));

describe('hybridSearch', () => {
  it('ranks the memory holding the exact term first, explains why, and scores within 0..1', async () => {
    const results = await search(world.alice, { query: 'What runs on kubernetes?' });
    expect(results[0]?.memoryId).toBe(ids.kubernetes);
    expect(results[0]?.score).toBe(1);
    expect(results[0]?.why).toBe('Matches "runs", "kubernetes".');
    for (const r of results) expect(r.score).toBeGreaterThanOrEqual(0);
  });

  it('leaves retired and superseded memories out unless asked for', async () => {
    const found = (await search(world.alice, { query: 'kubernetes deploys' })).map(
      (r) => r.memoryId,
    );
    expect(found).not.toContain(ids.retired);
    expect(found).not.toContain(ids.old);
    expect(found).toContain(ids.new);
    const all = (
      await search(world.alice, { query: 'kubernetes deploys', includeRetired: true })
    ).map((r) => r.memoryId);
    expect(all).toEqual(expect.arrayContaining([ids.retired, ids.old]));
  });

  it("never returns another user's memories, by words or by vector", async () => {
    const alice = await search(
      world.alice,
      { query: 'Bob secrets kubernetes' },
      { embedder, logger },
    );
    expect(alice.map((r) => r.memoryId)).not.toContain(ids.bob);
    const bob = await search(
      world.bob,
      { query: 'staging cluster postgres backups deploys' },
      { embedder, logger },
    );
    expect(bob.every((r) => r.memoryId === ids.bob)).toBe(true);
  });

  it('returns at most k results and clamps k to 1..100', async () => {
    expect(
      await search(world.alice, { query: 'the staging postgres deploys pnpm', k: 2 }),
    ).toHaveLength(2);
    expect(await search(world.alice, { query: 'kubernetes', k: 0 })).toHaveLength(1);
    expect(
      (await search(world.alice, { query: 'kubernetes postgres', k: 1000 })).length,
    ).toBeLessThanOrEqual(100);
  });

  it('applies kind, tag, time and scope filters', async () => {
    const q = 'pnpm package postgres kubernetes';
    expect(
      (await search(world.alice, { query: q, kinds: ['instruction'] })).map((r) => r.memoryId),
    ).toEqual([ids.tagged]);
    expect(
      (await search(world.alice, { query: q, tags: ['tooling'] })).map((r) => r.memoryId),
    ).toEqual([ids.tagged]);
    const before = await search(world.alice, { query: q, until: new Date('2021-01-01T00:00:00Z') });
    expect(before.map((r) => r.memoryId)).toEqual([ids.postgres]);
    expect(await search(world.alice, { query: q, scopeIds: [world.project.scope] })).toEqual([]);
  });

  it('finds by meaning with vectors, fuses both legs, and logs duration_ms of each slow step', async () => {
    const info = vi.spyOn(logger, 'info');
    const semantic = await search(
      world.alice,
      { query: 'weekly releases late', mode: 'semantic' },
      { embedder, logger },
    );
    expect(semantic[0]?.memoryId).toBe(ids.meaning);
    expect(semantic[0]?.why).toMatch(/^Close in meaning \(0\.\d\d\)\.$/);
    const hybrid = await search(
      world.alice,
      { query: 'kubernetes cluster', mode: 'hybrid' },
      { embedder, logger },
    );
    expect(hybrid[0]?.memoryId).toBe(ids.kubernetes);
    expect(hybrid[0]?.why).toMatch(/Matches .*; close in meaning/);
    const calls = info.mock.calls as unknown as [string, Record<string, unknown>][];
    const operations = calls.filter(([msg]) => msg === 'slow_path').map(([, meta]) => meta);
    expect(operations.map((m) => m.operation)).toEqual(
      expect.arrayContaining(['query_embedding', 'hybrid_search']),
    );
    expect(operations.every((m) => typeof m.duration_ms === 'number')).toBe(true);
  });

  it('is refused for an anonymous caller', async () => {
    await expect(
      world.database.asAnon((tx) => hybridSearch(tx, { query: 'kubernetes', k: 5 }, lexicalOnly)),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });
});
