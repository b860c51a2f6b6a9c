// Scopes isolate users: a second user reaches none of the first user's rows through any library or conflict tool.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflicts } from '@svc/db';
import { startHarness, type Harness } from './helpers/harness';
import { closeAll, insertConflict, person, remembered, sharedProject, type Person } from './helpers/library';
import { call } from './helpers/mcp-client';

let h: Harness;
let ada: Person;
let eve: Person;
const content = 'The payments ledger closes at midnight UTC.';
let mine: string;
let older: string;
let conflict: string;
let projectScope: string;

beforeAll(async () => {
  h = await startHarness();
  [ada, eve] = await Promise.all([person(h, 'ada@example.com'), person(h, 'eve@example.com')]);
  const project = await sharedProject(h, 'Payments', ada);
  projectScope = `project:${project.id}`;
  older = (await remembered(ada, { scope: projectScope, content: 'The payments ledger closes at 23:00 UTC.' })).id;
  mine = (await remembered(ada, { scope: projectScope, content, supersedes: [older] })).id;
  conflict = await insertConflict(h, ada.userId, older, mine);
});
afterAll(async () => {
  await closeAll([ada, eve]);
  await h.close();
});

describe('isolation between users', () => {
  it('search_memories, find_similar_memory and memory_version_history show nothing of another user', async () => {
    expect((await call<{ memories: unknown[] }>(eve.client, 'search_memories', { include_retired: true })).ok.memories).toEqual([]);
    expect((await call<{ memories: unknown[] }>(eve.client, 'search_memories', { query: 'payments ledger', include_retired: true })).ok.memories).toEqual([]);
    expect((await call<{ matches: unknown[] }>(eve.client, 'find_similar_memory', { content, min_similarity: 0 })).ok.matches).toEqual([]);
    expect((await call(eve.client, 'find_similar_memory', { memory_id: mine })).error?.code).toBe('not_found');
    expect((await call(eve.client, 'memory_version_history', { id: older })).error?.code).toBe('not_found');
  });

  it('move_memories and link treat another user\'s memory as missing and their scope as forbidden', async () => {
    const moved = await call<{ moved: string[]; skipped: { id: string; reason: string }[] }>(eve.client, 'move_memories', { ids: [mine], scope: 'personal' });
    expect(moved.ok).toMatchObject({ moved: [], skipped: [{ id: mine, reason: 'not_found' }] });
    const relations = [{ from: { name: 'ledger' }, relation: 'closes_at', to: { name: 'midnight' } }];
    expect((await call(eve.client, 'link', { action: 'entities', memory_id: mine, relations })).error?.code).toBe('not_found');
    expect((await call(eve.client, 'link', { action: 'entities', scope: projectScope, relations })).error?.code).toBe('forbidden');
  });

  it('import_memory cannot write into another user\'s scope, and their memories are no twins of hers', async () => {
    expect((await call(eve.client, 'import_memory', { scope: projectScope, items: [{ content }] })).error?.code).toBe('forbidden');
    const own = await call<{ imported: unknown[]; rejected: unknown[] }>(eve.client, 'import_memory', { scope: 'personal', items: [{ content }] });
    expect(own.ok).toMatchObject({ imported: [expect.anything()], rejected: [] });
  });

  it('list_conflicts and resolve_conflicts neither show, count nor settle another user\'s conflict', async () => {
    expect((await call<{ conflicts: unknown[] }>(eve.client, 'list_conflicts', { status: 'open' })).ok.conflicts).toEqual([]);
    const res = await call(eve.client, 'resolve_conflicts', { policy: 'keep_newest', conflict_ids: [conflict] });
    expect(res.ok).toEqual({ resolved: 0, skipped: 0, results: [], dry_run: false });
    const byChoice = await call(eve.client, 'resolve_conflicts', { choices: [{ conflict_id: conflict, keep: 'both' }] });
    expect(byChoice.ok).toMatchObject({ resolved: 0, skipped: 0 });
    expect((await h.deps.database.db.select().from(conflicts).where(eq(conflicts.id, conflict)))[0]!.status).toBe('open');
    // Her update of it by hand touches no row either (row-level security).
    const direct = await h.deps.database.asUser({ userId: eve.userId }, (tx) =>
      tx.update(conflicts).set({ status: 'dismissed' }).where(eq(conflicts.id, conflict)).returning(),
    );
    expect(direct).toEqual([]);
  });
});
