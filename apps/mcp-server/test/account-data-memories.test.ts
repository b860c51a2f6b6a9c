// GET /account/memories and forget/restore over HTTP, as the dashboard calls them, isolated per person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, request, type Person } from './helpers/account-data';
import { startHarness, type Harness } from './helpers/harness';
import { call } from './helpers/mcp-client';

interface Row {
  id: string;
  content: string;
  kind: string;
  tags: string[];
  scope: string;
  project: { id: string; name: string | null } | null;
  status: string;
  retired: boolean;
  invalidation_reason: string | null;
  superseded_by: string[];
  created_at: string;
}
type List = { memories: Row[]; next_cursor: string | null };

let h: Harness;
let ada: Person;
let bob: Person;
const ids: Record<string, string> = {};

async function remember(who: Person, args: Record<string, unknown>): Promise<string> {
  const res = await call<{ memory: { id: string } }>(who.client, 'remember', args);
  if (res.error) throw new Error(res.error.message);
  return res.ok.memory.id;
}

beforeAll(async () => {
  h = await startHarness();
  ada = await person(h, 'ada');
  bob = await person(h, 'bob');
  ids.pipeline = await remember(ada, { content: 'The deploy pipeline runs on Fridays.', project_hint: '/home/ada/src/billing', tags: ['deploy'] });
  ids.coffee = await remember(ada, { content: 'Ada takes her coffee black.', scope: 'personal' });
  ids.old = await remember(ada, { content: 'The staging database is on port 5433.', scope: 'personal' });
  ids.new = await remember(ada, { content: 'The staging database moved to port 6543.', scope: 'personal', supersedes: [ids.old] });
  ids.bob = await remember(bob, { content: 'Bob prefers tabs over spaces.', scope: 'personal' });
});
afterAll(async () => {
  await ada.client.close();
  await bob.client.close();
  await h.close();
});

describe('GET /account/memories', () => {
  it("lists the person's own live memories, newest first, shaped for the dashboard", async () => {
    const res = await request<List>(h, 'GET', '/account/memories', { token: ada.session });
    expect(res.status).toBe(200);
    expect(res.body.memories.map((m) => m.id)).toEqual([ids.new, ids.coffee, ids.pipeline]);
    const pipeline = res.body.memories.find((m) => m.id === ids.pipeline)!;
    expect(pipeline).toMatchObject({
      content: 'The deploy pipeline runs on Fridays.',
      tags: ['deploy'],
      status: 'active',
      retired: false,
      project: { name: 'billing' },
    });
    expect(pipeline.scope).toBe(`project:${pipeline.project!.id}`);
    expect(res.body.memories.find((m) => m.id === ids.coffee)?.project).toBeNull();
  });

  it('searches with q, and shows superseded memories only with include_retired', async () => {
    const found = await request<List>(h, 'GET', '/account/memories?q=staging%20database', { token: ada.session });
    expect(found.body.memories.map((m) => m.id)).toEqual([ids.new]);
    const all = await request<List>(h, 'GET', '/account/memories?q=staging%20database&include_retired=true', { token: ada.session });
    const old = all.body.memories.find((m) => m.id === ids.old);
    expect(old).toMatchObject({ status: 'superseded', superseded_by: [ids.new] });
  });

  it('pages with limit and next_cursor', async () => {
    const first = await request<List>(h, 'GET', '/account/memories?limit=2', { token: ada.session });
    expect(first.body.memories).toHaveLength(2);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const next = await request<List>(h, 'GET', `/account/memories?limit=2&cursor=${first.body.next_cursor}`, { token: ada.session });
    expect(next.body.memories.map((m) => m.id)).toEqual([ids.pipeline]);
    expect(next.body.next_cursor).toBeNull();
  });

  it('refuses a limit outside 1..100 or a non-boolean flag with validation_failed', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=ten', 'include_retired=maybe']) {
      const res = await request<{ error: { code: string } }>(h, 'GET', `/account/memories?${query}`, { token: ada.session });
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it("never shows another person's memories", async () => {
    const res = await request<List>(h, 'GET', '/account/memories?include_retired=true', { token: bob.session });
    expect(res.body.memories.map((m) => m.id)).toEqual([ids.bob]);
    const searched = await request<List>(h, 'GET', '/account/memories?q=deploy%20pipeline', { token: bob.session });
    expect(searched.body.memories).toEqual([]);
  });
});

describe('forget and restore', () => {
  it('retires a memory and brings it back', async () => {
    const forgotten = await request<{ memory: Row }>(h, 'POST', `/account/memories/${ids.coffee}/forget`, {
      token: ada.session,
      body: { reason: 'no longer true' },
    });
    expect(forgotten.status).toBe(200);
    expect(forgotten.body.memory).toMatchObject({ id: ids.coffee, status: 'retired', retired: true, invalidation_reason: 'no longer true' });
    const listed = await request<List>(h, 'GET', '/account/memories', { token: ada.session });
    expect(listed.body.memories.map((m) => m.id)).not.toContain(ids.coffee);
    // The tool plane sees the same retirement.
    const recalled = await call<{ memories: unknown[] }>(ada.client, 'search_memories', { query: 'coffee black' });
    expect(recalled.ok.memories).toEqual([]);

    const restored = await request<{ memory: Row }>(h, 'POST', `/account/memories/${ids.coffee}/restore`, { token: ada.session });
    expect(restored.status).toBe(200);
    expect(restored.body.memory).toMatchObject({ id: ids.coffee, status: 'active', retired: false, invalidation_reason: null });
    const again = await request<List>(h, 'GET', '/account/memories', { token: ada.session });
    expect(again.body.memories.map((m) => m.id)).toContain(ids.coffee);
  });

  it('forgets without a body, and a second forget leaves the memory retired', async () => {
    const first = await request<{ memory: Row }>(h, 'POST', `/account/memories/${ids.pipeline}/forget`, { token: ada.session });
    expect(first.body.memory).toMatchObject({ retired: true, invalidation_reason: 'forgotten' });
    const second = await request<{ memory: Row }>(h, 'POST', `/account/memories/${ids.pipeline}/forget`, { token: ada.session });
    expect(second.status).toBe(200);
    expect(second.body.memory.retired).toBe(true);
    await request(h, 'POST', `/account/memories/${ids.pipeline}/restore`, { token: ada.session });
  });

  it("answers not_found to Bob for Ada's memory, as the forget tool skips it as not_found", async () => {
    const tool = await call<{ skipped: { reason: string }[] }>(bob.client, 'forget', { ids: [ids.coffee] });
    expect(tool.ok.skipped).toEqual([{ id: ids.coffee, reason: 'not_found' }]);
    for (const action of ['forget', 'restore']) {
      const res = await request<{ error: { code: string } }>(h, 'POST', `/account/memories/${ids.coffee}/${action}`, { token: bob.session });
      expect(res.status, action).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const still = await request<List>(h, 'GET', '/account/memories', { token: ada.session });
    expect(still.body.memories.find((m) => m.id === ids.coffee)?.retired).toBe(false);
  });

  it('answers validation_failed for an id that is not a uuid, and not_found for an unknown one', async () => {
    const bad = await request<{ error: { code: string } }>(h, 'POST', '/account/memories/not-a-uuid/forget', { token: ada.session });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    const unknown = await request<{ error: { code: string } }>(h, 'POST', `/account/memories/${crypto.randomUUID()}/restore`, {
      token: ada.session,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
  });
});
