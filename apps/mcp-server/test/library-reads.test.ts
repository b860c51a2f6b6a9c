// search_memories, find_similar_memory and memory_version_history over MCP, and their Database API gate.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryView } from '@svc/contract';
import { findSimilarMemories, memoryVersionHistory, searchMemories, type Tx } from '@svc/db';
import { startHarness, type Harness } from './helpers/harness';
import { closeAll, person, remembered, sharedProject, type Person } from './helpers/library';
import { call } from './helpers/mcp-client';

let h: Harness;
let ada: Person;
let bob: Person;
let project: { id: string; scopeId: string; name: string };
const ids: Record<string, string> = {};

interface Page {
  memories: { memory: MemoryView; score: number | null }[];
  next_cursor: string | null;
}

beforeAll(async () => {
  h = await startHarness();
  [ada, bob] = await Promise.all([person(h, 'ada@example.com'), person(h, 'bob@example.com')]);
  project = await sharedProject(h, 'Memory Service', ada);
  const target = { scope: `project:${project.id}` };
  ids.deploy = (await remembered(ada, { ...target, content: 'The deploy pipeline runs on Fridays at 16:00 UTC.', kind: 'fact', tags: ['ops'], importance: 0.9 })).id;
  ids.staging = (await remembered(ada, { ...target, content: 'Staging lives at staging.example.org.', kind: 'fact', tags: ['ops', 'env'] })).id;
  ids.pref = (await remembered(ada, { scope: 'personal', content: 'Ada prefers tabs over spaces.', kind: 'preference', importance: 0.2 })).id;
  ids.loop = (await remembered(ada, { ...target, content: 'Write the deploy runbook.', loop: true })).id;
  ids.retired = (await remembered(ada, { ...target, content: 'The deploy pipeline used to run nightly.' })).id;
  await call(ada.client, 'forget', { ids: [ids.retired] });
});
afterAll(async () => {
  await closeAll([ada, bob]);
  await h.close();
});

const search = (args: Record<string, unknown>, p: Person = ada) => call<Page>(p.client, 'search_memories', args);
const idsOf = (page: Page) => page.memories.map((m) => m.memory.id);

describe('search_memories', () => {
  it('ranks by a query in every mode, leaving retired memories out unless asked', async () => {
    for (const mode of ['keyword', 'hybrid', 'semantic']) {
      const res = await search({ query: 'deploy pipeline', mode });
      expect(res.error).toBeUndefined();
      expect(idsOf(res.ok)[0]).toBe(ids.deploy);
      expect(idsOf(res.ok)).not.toContain(ids.retired);
      expect(res.ok.memories[0]!.score).toBeGreaterThan(0);
    }
    expect(idsOf((await search({ query: 'deploy pipeline', include_retired: true })).ok)).toContain(ids.retired);
  });

  it('filters by kind, tags, loop state, dates and target, with or without a query', async () => {
    expect(idsOf((await search({ kinds: ['preference'] })).ok)).toEqual([ids.pref]);
    expect(idsOf((await search({ tags: ['ops', 'env'] })).ok)).toEqual([ids.staging]);
    expect(idsOf((await search({ query: 'deploy', mode: 'keyword', loop_state: 'open' })).ok)).toEqual([ids.loop]);
    expect(idsOf((await search({ until: '2001-01-01' })).ok)).toEqual([]);
    const scoped = idsOf((await search({ scope: 'personal' })).ok);
    expect(scoped).toEqual([ids.pref]);
    // Listing without a query has no score.
    expect((await search({ scope: 'personal' })).ok.memories[0]!.score).toBeNull();
  });

  it('sorts and pages with a cursor that only continues its own listing', async () => {
    const first = await search({ limit: 2, sort: 'oldest' });
    expect(idsOf(first.ok)).toEqual([ids.deploy, ids.staging]);
    expect(first.ok.next_cursor).not.toBeNull();
    const second = await search({ limit: 2, sort: 'oldest', cursor: first.ok.next_cursor });
    expect(idsOf(second.ok)).toEqual([ids.pref, ids.loop]);
    expect(second.ok.next_cursor).toBeNull();
    const foreign = await search({ limit: 2, sort: 'newest', cursor: first.ok.next_cursor });
    expect(foreign.error?.code).toBe('validation_failed');
    expect(idsOf((await search({ sort: 'importance', limit: 1 })).ok)).toEqual([ids.deploy]);
    // Resource links follow the read result.
    expect(first.raw.content.filter((c) => c.type === 'resource_link')).toHaveLength(2);
  });

  it('treats an unresolvable project name as absent on a read', async () => {
    const res = await search({ query: 'staging', project_hint: 'no such project' });
    expect(idsOf(res.ok)).toEqual([ids.staging]);
  });
});

describe('find_similar_memory', () => {
  it('finds a near duplicate of a text, most similar first, above min_similarity', async () => {
    const res = await call<{ matches: { memory: MemoryView; similarity: number }[] }>(ada.client, 'find_similar_memory', {
      content: 'the deploy pipeline runs on fridays at 16:00 utc',
    });
    expect(res.ok.matches.map((m) => m.memory.id)).toEqual([ids.deploy]);
    expect(res.ok.matches[0]!.similarity).toBeGreaterThan(0.9);
    const loose = await call<{ matches: unknown[] }>(ada.client, 'find_similar_memory', { content: 'deploy', min_similarity: 0.1, k: 50 });
    expect(loose.ok.matches.length).toBeGreaterThanOrEqual(2);
  });

  it('compares against a stored memory without returning the memory itself', async () => {
    await remembered(ada, { scope: `project:${project.id}`, content: 'Staging lives at staging.example.org since May.' });
    const res = await call<{ matches: { memory: MemoryView }[] }>(ada.client, 'find_similar_memory', { memory_id: ids.staging, min_similarity: 0.5 });
    const found = res.ok.matches.map((m) => m.memory.id);
    expect(found).toHaveLength(1);
    expect(found).not.toContain(ids.staging);
    expect((await call(ada.client, 'find_similar_memory', { memory_id: randomUUID() })).error?.code).toBe('not_found');
  });
});

describe('memory_version_history', () => {
  it('shows the chain oldest first, the current version and the events along it', async () => {
    const v1 = await remembered(ada, { scope: 'personal', content: 'Releases are tagged vX.Y.' });
    const v2 = await remembered(ada, { scope: 'personal', content: 'Releases are tagged vX.Y.Z.', supersedes: [v1.id] });
    await call(ada.client, 'move_memories', { ids: [v2.id], scope: `project:${project.id}` });
    const v3 = await remembered(ada, { scope: `project:${project.id}`, content: 'Releases are tagged vX.Y.Z-rc.N first.', supersedes: [v2.id] });
    type History = { versions: MemoryView[]; current: string | null; events: { memory_id: string; event: string; by: string | null }[]; truncated: boolean };
    const res = await call<History>(ada.client, 'memory_version_history', { id: v2.id });
    expect(res.ok.versions.map((v) => v.id)).toEqual([v1.id, v2.id, v3.id]);
    expect(res.ok.current).toBe(v3.id);
    expect(res.ok.truncated).toBe(false);
    const events = res.ok.events.map((e) => `${e.event}:${e.memory_id === v1.id ? 1 : e.memory_id === v2.id ? 2 : 3}`);
    expect(events).toEqual(['created:1', 'created:2', 'superseded:1', 'shared:2', 'created:3', 'superseded:2']);
    expect(res.ok.events.every((e) => e.by === ada.userId)).toBe(true);

    const short = await call<History>(ada.client, 'memory_version_history', { id: v3.id, limit: 2 });
    expect(short.ok.versions.map((v) => v.id)).toEqual([v2.id, v3.id]);
    expect(short.ok.truncated).toBe(true);
    await call(ada.client, 'forget', { ids: [v3.id] });
    expect((await call<History>(ada.client, 'memory_version_history', { id: v1.id })).ok.current).toBeNull();
  });
});

describe('the Database API behind the search tools', () => {
  it('refuses an anonymous call with 42501 and answers a signed-in one', async () => {
    const calls: ((tx: Tx) => Promise<unknown[]>)[] = [
      (tx) => searchMemories(tx, { query: 'deploy' }),
      (tx) => findSimilarMemories(tx, { embedding: [1, 0, 0], model: 'test-3' }),
      (tx) => memoryVersionHistory(tx, ids.deploy!),
    ];
    for (const run of calls) {
      await expect(h.deps.database.asAnon(run)).rejects.toMatchObject({ code: 'forbidden', details: { sqlstate: '42501' } });
      await expect(h.deps.database.asUser({ userId: ada.userId }, run)).resolves.toBeInstanceOf(Array);
    }
  });

  it('shows another user none of these memories through any of the three tools', async () => {
    expect(idsOf((await search({ query: 'deploy' }, bob)).ok)).toEqual([]);
    expect(idsOf((await search({}, bob)).ok)).toEqual([]);
    const similar = await call<{ matches: unknown[] }>(bob.client, 'find_similar_memory', { content: 'The deploy pipeline runs on Fridays at 16:00 UTC.', min_similarity: 0 });
    expect(similar.ok.matches).toEqual([]);
    expect((await call(bob.client, 'find_similar_memory', { memory_id: ids.deploy })).error?.code).toBe('not_found');
    expect((await call(bob.client, 'memory_version_history', { id: ids.deploy })).error?.code).toBe('not_found');
    expect((await search({ scope: `project:${project.id}` }, bob)).error?.code).toBe('forbidden');
  });
});
