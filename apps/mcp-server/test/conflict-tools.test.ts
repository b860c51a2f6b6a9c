// list_conflicts and resolve_conflicts over MCP: only the caller's conflicts are listed, counted and settled.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConflictView, MemoryView } from '@svc/contract';
import { conflicts, memorySupersedes } from '@svc/db';
import { SECRET } from './helpers/cards';
import { startHarness, type Harness } from './helpers/harness';
import { closeAll, freshSession, insertConflict, person, remembered, sharedProject, type Person } from './helpers/library';
import { call } from './helpers/mcp-client';

let h: Harness;
let ada: Person;
let bob: Person;
let project: { id: string; scopeId: string; name: string };

beforeAll(async () => {
  h = await startHarness();
  [ada, bob] = await Promise.all([person(h, 'ada@example.com'), person(h, 'bob@example.com')]);
  project = await sharedProject(h, 'Ops', ada, [[bob, 'writer']]);
});
afterAll(async () => {
  await closeAll([ada, bob]);
  await h.close();
});

interface Listed {
  conflicts: ConflictView[];
  next_cursor: string | null;
}
interface Resolved {
  resolved: number;
  skipped: number;
  results: { conflict_id: string; outcome: string; kept: string[]; superseded: string[]; created: string | null; reason: string | null }[];
  dry_run: boolean;
}

/** Two memories of `p`, the second one second(s) later, so policies can tell them apart. */
async function pair(p: Person, topic: string, scope = 'personal', importance: [number, number] = [0.5, 0.5]): Promise<[MemoryView, MemoryView]> {
  const a = await remembered(p, { scope, content: `${topic} is true.`, importance: importance[0] });
  await new Promise((r) => setTimeout(r, 5));
  const b = await remembered(p, { scope, content: `${topic} is false.`, importance: importance[1] });
  return [a, b];
}

const status = async (id: string) => (await h.deps.database.db.select().from(conflicts).where(eq(conflicts.id, id)))[0]!;

describe('list_conflicts', () => {
  it('lists only the caller\'s own conflicts, with limit counting only those, and pages by cursor', async () => {
    // Bob's conflicts are detected later, so a limit counted over everyone's would return his first.
    const adaIds: string[] = [];
    for (const [i, topic] of ['Port 80', 'Port 81', 'Port 82'].entries()) {
      const [a, b] = await pair(ada, topic);
      adaIds.push(await insertConflict(h, ada.userId, a.id, b.id, { detectedAt: new Date(Date.UTC(2025, 0, 1 + i)) }));
    }
    for (let i = 0; i < 3; i++) {
      const [ba, bb] = await pair(bob, `Bob port ${i}`);
      await insertConflict(h, bob.userId, ba.id, bb.id, { detectedAt: new Date(Date.UTC(2025, 5, 1 + i)) });
    }

    const first = await call<Listed>(ada.client, 'list_conflicts', { limit: 2 });
    expect(first.ok.conflicts.map((c) => c.id)).toEqual([adaIds[2], adaIds[1]]);
    expect(first.ok.conflicts[0]!.a.content).toBe('Port 82 is true.');
    expect(first.raw.content.filter((c) => c.type === 'resource_link')).toHaveLength(4);
    const second = await call<Listed>(ada.client, 'list_conflicts', { limit: 2, cursor: first.ok.next_cursor });
    expect(second.ok.conflicts.map((c) => c.id)).toEqual([adaIds[0]]);
    expect(second.ok.next_cursor).toBeNull();
    expect((await call<Listed>(ada.client, 'list_conflicts', { kind: 'duplicate' })).ok.conflicts).toEqual([]);
    expect((await call<Listed>(bob.client, 'list_conflicts', { limit: 100 })).ok.conflicts).toHaveLength(3);
    expect((await call(ada.client, 'list_conflicts', { cursor: 'forged' })).error?.code).toBe('validation_failed');
  });
});

describe('resolve_conflicts', () => {
  it('keep_newest supersedes the older memory and closes the conflict; skipped ignores others\' conflicts', async () => {
    const [older, newer] = await pair(ada, 'Cache TTL', `project:${project.id}`);
    const mine = await insertConflict(h, ada.userId, older.id, newer.id);
    const [ba, bb] = await pair(bob, 'Bob cache');
    const bobs = await insertConflict(h, bob.userId, ba.id, bb.id);

    const dry = await call<Resolved>(ada.client, 'resolve_conflicts', { policy: 'keep_newest', conflict_ids: [mine, bobs, randomUUID()], dry_run: true });
    expect(dry.ok).toMatchObject({ resolved: 1, skipped: 0, dry_run: true });
    expect((await status(mine)).status).toBe('open');

    const res = await call<Resolved>(ada.client, 'resolve_conflicts', { policy: 'keep_newest', conflict_ids: [mine, bobs, randomUUID()] });
    expect(res.ok).toMatchObject({ resolved: 1, skipped: 0 });
    expect(res.ok.results).toEqual([{ conflict_id: mine, outcome: 'resolved', kept: [newer.id], superseded: [older.id], created: null, reason: null }]);
    expect(await status(mine)).toMatchObject({ status: 'resolved', resolvedBy: ada.userId });
    expect((await status(bobs)).status).toBe('open');
    const links = await h.deps.database.db.select().from(memorySupersedes).where(eq(memorySupersedes.predecessorId, older.id));
    expect(links).toEqual([expect.objectContaining({ successorId: newer.id, createdBy: ada.userId })]);

    // Asked again, the settled conflict is the caller's and cannot be settled: counted as skipped.
    const again = await call<Resolved>(ada.client, 'resolve_conflicts', { policy: 'keep_newest', conflict_ids: [mine] });
    expect(again.ok).toMatchObject({ resolved: 0, skipped: 1, results: [{ outcome: 'skipped', reason: 'already resolved' }] });
  });

  it('applies keep_oldest, keep_higher_importance and keep_both to all open conflicts by default', async () => {
    const [o1, n1] = await pair(ada, 'Queue size', 'personal');
    const [o2, n2] = await pair(ada, 'Retry count', 'personal', [0.9, 0.1]);
    const [o3, n3] = await pair(ada, 'Log level', 'personal');
    const c1 = await insertConflict(h, ada.userId, o1.id, n1.id, { kind: 'duplicate' });
    const c2 = await insertConflict(h, ada.userId, n2.id, o2.id, { kind: 'duplicate' });
    // By default means without a project: `ada`'s own session has one attached by now.
    const unattached = await freshSession(h, ada);
    const byOldest = await call<Resolved>(unattached, 'resolve_conflicts', { policy: 'keep_oldest', conflict_ids: [c1] });
    expect(byOldest.ok.results[0]).toMatchObject({ kept: [o1.id], superseded: [n1.id] });
    const byImportance = await call<Resolved>(unattached, 'resolve_conflicts', { policy: 'keep_higher_importance', kind: 'duplicate' });
    expect(byImportance.ok.results).toEqual([expect.objectContaining({ conflict_id: c2, kept: [o2.id], superseded: [n2.id] })]);
    const c3 = await insertConflict(h, ada.userId, o3.id, n3.id);
    const both = await call<Resolved>(unattached, 'resolve_conflicts', { policy: 'keep_both', scope: 'personal' });
    expect(both.ok.results.find((r) => r.conflict_id === c3)).toMatchObject({ outcome: 'dismissed', kept: [o3.id, n3.id] });
    expect((await status(c3)).status).toBe('dismissed');
    await unattached.close();
  });

  it('merges by explicit choice into a new memory superseding both, refusing a secret in the merged text', async () => {
    const [a, b] = await pair(ada, 'Backup window', `project:${project.id}`);
    const c = await insertConflict(h, ada.userId, a.id, b.id);
    const secret = await call(ada.client, 'resolve_conflicts', { choices: [{ conflict_id: c, keep: 'merge', merged_content: `key ${SECRET}` }] });
    expect(secret.error?.message).toMatch(/^secret_content_rejected:/);
    const res = await call<Resolved>(ada.client, 'resolve_conflicts', {
      policy: 'keep_both',
      choices: [{ conflict_id: c, keep: 'merge', merged_content: 'Backups run 03:30 UTC, weekdays only.' }],
    });
    const result = res.ok.results.find((r) => r.conflict_id === c)!;
    expect(result).toMatchObject({ outcome: 'resolved', superseded: [a.id, b.id] });
    const history = await call<{ current: string }>(ada.client, 'memory_version_history', { id: a.id });
    expect(history.ok.current).toBe(result.created);
  });

  it('skips a conflict whose memory belongs to another member, counting it as the caller\'s', async () => {
    const mine = await remembered(ada, { scope: `project:${project.id}`, content: 'Deploys freeze on Fridays.' });
    const bobs = await remembered(bob, { scope: `project:${project.id}`, content: 'Deploys never freeze.' });
    const c = await insertConflict(h, ada.userId, mine.id, bobs.id);
    const res = await call<Resolved>(ada.client, 'resolve_conflicts', { choices: [{ conflict_id: c, keep: 'a' }] });
    expect(res.ok).toMatchObject({ resolved: 0, skipped: 1 });
    expect(res.ok.results[0]!.reason).toMatch(/owner of both/);
    // Dismissing needs no ownership of the memories.
    expect((await call<Resolved>(ada.client, 'resolve_conflicts', { choices: [{ conflict_id: c, keep: 'both' }] })).ok.resolved).toBe(1);
  });
});
