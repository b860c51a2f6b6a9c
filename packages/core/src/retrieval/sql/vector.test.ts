// The vector leg's two paths (exact below the collection-size bound, the HNSW plan above it) give the same answers.
import { ensureEmbeddingIndex, memories, rowsOf, vectorText } from '@svc/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedder, openWorld, silentLogger, store, storeNamedVectors, type World } from '../../../test/retrieval-support';
import { findSimilar } from '../find-similar';
import { hybridSearch } from '../hybrid-search';
import { DEFAULT_TUNING, resolveTuning } from '../tuning';
import type { HybridSearchOptions, SearchFilters } from '../types';
import { candidatesStatement } from './candidates';
import { storeAndNearStatement } from './similar';

let world: World;
const logger = silentLogger();
const embedder = fakeEmbedder();
/** Exact below 1000 documents (every collection here); never exact. */
const EXACT = resolveTuning({ exactVectorDocs: 1000 });
const INDEXED = resolveTuning({ exactVectorDocs: 0 });

const TOPICS = ['deploy cluster staging', 'garden tomatoes summer', 'invoice budget quarter', 'piano lesson music'];
/** Distinct per memory of one owner; the vectors are stored apart from the texts (below). */
const text = (i: number) => `${TOPICS[i % TOPICS.length]} note ${i}`;

beforeAll(async () => {
  world = await openWorld();
  const personal = await store(
    world,
    world.alice,
    Array.from({ length: 48 }, (_, i) => ({ content: text(i), kind: i % 5 === 0 ? ('instruction' as const) : ('fact' as const) })),
  );
  const shared = await store(
    world,
    world.alice,
    Array.from({ length: 12 }, (_, i) => ({ content: text(i + 100), scopeId: world.project.scope })),
  );
  const bobs = await store(world, world.bob, Array.from({ length: 8 }, (_, i) => ({ content: text(i) })));
  // Some retired: the exact path must skip them as it walks best first.
  await world.database.system((tx) =>
    tx.update(memories).set({ invalidatedAt: new Date() }).where(inArray(memories.id, personal.slice(0, 12))),
  );
  // Seeded random vectors: distinct distances, so both paths have one right order (the fake
  // embedder's word hashing makes ties, which an index scan may return in any order).
  const all = [...personal, ...shared, ...bobs];
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  await storeNamedVectors(
    world,
    embedder.model,
    Object.fromEntries(all.map((id) => [id, id])),
    Object.fromEntries(all.map((id) => [id, Array.from({ length: 16 }, random)])),
  );
  await world.database.system((tx) => ensureEmbeddingIndex(tx, embedder.model, 16));
});
afterAll(() => world.database.close());

const semantic = (who: World['alice'], options: Partial<HybridSearchOptions>, tuning = EXACT) =>
  world.database.asUser(who, (tx) =>
    hybridSearch(tx, { query: 'deploy the staging cluster', k: 10, mode: 'semantic', ...options }, { embedder, logger, tuning }),
  );

describe('the vector leg', () => {
  it.each<[string, Partial<HybridSearchOptions>]>([
    ['one scope', { scopeIds: [] }],
    ['every readable scope', {}],
    ['a project', { projectIds: [] }],
    ['a kind filter rejecting most of the nearest', { kinds: ['instruction'] }],
    ['retired memories included', { includeRetired: true, k: 30 }],
    ['a page past the first', { offset: 10, k: 5 }],
  ])('ranks alike by either path: %s', async (_, options) => {
    const filled = {
      ...options,
      ...(options.scopeIds && { scopeIds: [world.alice.personal] }),
      ...(options.projectIds && { projectIds: [world.project.id] }),
    };
    const exact = await semantic(world.alice, filled, EXACT);
    const indexed = await semantic(world.alice, filled, INDEXED);
    expect(exact.length).toBeGreaterThan(0);
    expect(exact).toEqual(indexed);
  });

  it('returns depth memories passing the filters even when the nearest fail them', async () => {
    const found = await semantic(world.alice, { kinds: ['instruction'], k: 7, scopeIds: [world.alice.personal] });
    // 48 personal memories, every fifth an instruction, the first 12 retired: 7 remain.
    expect(found).toHaveLength(7);
    const kinds = await world.database.asUser(world.alice, (tx) =>
      tx.select({ kind: memories.kind }).from(memories).where(inArray(memories.id, found.map((f) => f.memoryId))),
    );
    expect(kinds.every((k) => k.kind === 'instruction')).toBe(true);
  });

  it("never reaches another user's vectors", async () => {
    const bob = await semantic(world.bob, { k: 100 });
    expect(bob).toHaveLength(8);
    const owners = await world.database.system((tx) =>
      tx.select({ owner: memories.ownerId }).from(memories).where(inArray(memories.id, bob.map((b) => b.memoryId))),
    );
    expect(owners.every((o) => o.owner === world.bob.userId)).toBe(true);
  });

  it('finds the same similar memories by either path', async () => {
    const [first] = await world.database.asUser(world.alice, (tx) =>
      tx.select({ id: memories.id }).from(memories).where(eq(memories.content, text(13))),
    );
    const similar = (tuning: typeof EXACT) =>
      world.database.asUser(world.alice, (tx) =>
        findSimilar(tx, { memoryId: first!.id, k: 8 }, { embedder, logger, tuning }),
      );
    const exact = await similar(EXACT);
    expect(exact).toHaveLength(8);
    expect(exact.map((s) => s.memoryId)).not.toContain(first!.id);
    expect(exact).toEqual(await similar(INDEXED));
  });

  it('runs the exact path below the bound and only the HNSW plan above it', async () => {
    const [vector] = await embedder.embed(['deploy the staging cluster'], 'query');
    const filters: SearchFilters = { scopeIds: [world.alice.personal] };
    /** Times each path's read of memory_embeddings ran: [exact, HNSW plan]. */
    const runs = async (tuning: typeof EXACT) => {
      const statement = candidatesStatement({
        filters,
        lexical: null,
        vector: { model: embedder.model, vector: vector! },
        depth: 10,
        tuning,
      });
      const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        await world.database.asUser(world.alice, (tx) =>
          tx.execute(sql`explain (analyze, costs off, format json) ${statement}`),
        ),
      );
      const root = row!['QUERY PLAN'][0].Plan;
      const vecScan = find(root, (n) => n['Subplan Name'] === 'CTE vec_scan')!;
      const hnswMember = vecScan.Plans!.find((n) => !find(n, (m) => m['CTE Name'] === 'vec_sorted'))!;
      // The HNSW member orders by the query vector its statement sent once (qvec), through the index.
      expect(find(hnswMember, (m) => m['Relation Name'] === 'memory_embeddings')!['Index Name']).toMatch(/^memory_embeddings_hnsw_/);
      const embeddingsRead = (n: PlanNode) => find(n, (m) => m['Relation Name'] === 'memory_embeddings')!['Actual Loops'];
      return [embeddingsRead(find(root, (n) => n['Subplan Name'] === 'CTE vec_sorted')!), embeddingsRead(hnswMember)];
    };
    expect(await runs(EXACT)).toEqual([1, 0]);
    expect(await runs(INDEXED)).toEqual([0, 1]);
    expect(DEFAULT_TUNING.exactVectorDocs).toBeGreaterThanOrEqual(1000);
  });

  it('sends the query vector once, however many places of the statement read it', async () => {
    const [vector] = await embedder.embed(['deploy the staging cluster'], 'query');
    const statement = candidatesStatement({
      filters: { scopeIds: [world.alice.personal] },
      lexical: null,
      vector: { model: embedder.model, vector: vector! },
      depth: 10,
      tuning: DEFAULT_TUNING,
    });
    // Both paths' distances and the lexical candidates' cosine: each read of its text costs the database.
    const { params } = new PgDialect().sqlToQuery(statement);
    expect(params.filter((p) => p === vectorText(vector!))).toHaveLength(1);
  });

  it("orders remember's nearest search by the shared vector through the HNSW index", async () => {
    const [vector] = await embedder.embed(['deploy the staging cluster'], 'query');
    const q = { model: embedder.model, vector: vector! };
    // `select 1` in place of the vector's insert: the plan of the search is what is looked at.
    const statement = storeAndNearStatement(sql`select 1`, q, { scopeIds: [world.alice.personal] }, 5, '00000000-0000-4000-8000-000000000000', 40);
    expect(new PgDialect().sqlToQuery(statement).params.filter((p) => p === vectorText(vector!))).toHaveLength(1);
    const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      await world.database.asUser(world.alice, (tx) => tx.execute(sql`explain (analyze, costs off, format json) ${statement}`)),
    );
    const read = find(row!['QUERY PLAN'][0].Plan, (n) => n['Relation Name'] === 'memory_embeddings')!;
    expect(read['Index Name']).toMatch(/^memory_embeddings_hnsw_/);
    expect(read['Actual Rows']).toBeGreaterThan(0);
  });
});

interface PlanNode {
  'Subplan Name'?: string;
  'CTE Name'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops': number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

function find(node: PlanNode, test: (n: PlanNode) => boolean): PlanNode | undefined {
  if (test(node)) return node;
  for (const child of node.Plans ?? []) {
    const hit = find(child, test);
    if (hit) return hit;
  }
  return undefined;
}
