// Sharing and moving between scopes, writers retiring shared memories, restore with two users: over MCP.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memories, memorySupersedes } from '@svc/db';
import { startHarness, type Harness } from './helpers/harness';
import { closeAll, person, remembered, sharedProject, type Person } from './helpers/library';
import { call } from './helpers/mcp-client';

let h: Harness;
let ada: Person; // owner of the project
let bob: Person; // writer
let cy: Person; // reader
let eve: Person; // no member
let project: { id: string; scopeId: string; name: string };

beforeAll(async () => {
  h = await startHarness();
  [ada, bob, cy, eve] = await Promise.all([
    person(h, 'ada@example.com'),
    person(h, 'bob@example.com'),
    person(h, 'cy@example.com'),
    person(h, 'eve@example.com'),
  ]);
  project = await sharedProject(h, 'Billing Service', ada, [[bob, 'writer'], [cy, 'reader']]);
});
afterAll(async () => {
  await closeAll([ada, bob, cy, eve]);
  await h.close();
});

interface Moved {
  moved: string[];
  skipped: { id: string; reason: string }[];
  to: { scope: string; project: { id: string; name: string } | null };
}

const auditRows = (memoryId: string) =>
  h.deps.database.db.select().from(auditLog).where(eq(auditLog.targetId, memoryId)).orderBy(auditLog.createdAt);

const searchIds = async (p: Person, query: string) =>
  (await call<{ memories: { memory: { id: string } }[] }>(p.client, 'search_memories', { query })).ok.memories.map((m) => m.memory.id);

describe('move_memories', () => {
  it('shares the owner\'s memory into a project and takes it private again, auditing each move', async () => {
    const m = await remembered(ada, { content: 'Invoices are generated on the first of the month.', scope: 'personal' });
    expect(await searchIds(bob, 'invoices')).not.toContain(m.id);

    const shared = await call<Moved>(ada.client, 'move_memories', { ids: [m.id], project_hint: 'billing service' });
    expect(shared.ok).toEqual({ moved: [m.id], skipped: [], to: { scope: `project:${project.id}`, project: { id: project.id, name: 'Billing Service' } } });
    expect(await searchIds(bob, 'invoices')).toContain(m.id);

    const back = await call<Moved>(ada.client, 'move_memories', { ids: [m.id], scope: 'personal' });
    expect(back.ok.to).toEqual({ scope: 'personal', project: null });
    expect(await searchIds(bob, 'invoices')).not.toContain(m.id);
    const [row] = await h.deps.database.db.select().from(memories).where(eq(memories.id, m.id));
    expect(row).toMatchObject({ scopeId: ada.personalScopeId, projectId: null, sharedBy: null });

    // Moving it where it already is changes nothing and writes no audit row.
    expect((await call<Moved>(ada.client, 'move_memories', { ids: [m.id], scope: 'personal' })).ok.moved).toEqual([m.id]);
    const trail = await auditRows(m.id);
    expect(trail.map((r) => r.action)).toEqual(['memory_shared', 'memory_moved']);
    for (const r of trail) {
      expect(r).toMatchObject({ userId: ada.userId, targetType: 'memory' });
      expect(r.requestId).toMatch(/^req_[0-9A-Za-z]+\.\d{13}$/);
    }
    expect(trail[0]!.details).toEqual({ from: 'personal', to: `project:${project.id}` });
  });

  it('skips memories the caller does not own or cannot see; the database refuses a non-owner too', async () => {
    const bobs = await remembered(bob, { content: 'Refunds need a second approver.', scope: `project:${project.id}` });
    const missing = randomUUID();
    const res = await call<Moved>(ada.client, 'move_memories', { ids: [bobs.id, missing], scope: 'personal' });
    expect(res.ok.moved).toEqual([]);
    expect(res.ok.skipped).toEqual([
      { id: bobs.id, reason: 'forbidden' },
      { id: missing, reason: 'not_found' },
    ]);
    // Rule 4: the project owner may not move a writer's memory behind the handler's back either.
    const direct = h.deps.database.asUser({ userId: ada.userId }, (tx) =>
      tx.update(memories).set({ scopeId: ada.personalScopeId }).where(eq(memories.id, bobs.id)),
    );
    await expect(direct).rejects.toMatchObject({ code: 'forbidden', details: { sqlstate: '42501' } });
  });

  it('refuses a destination the caller cannot write, and the database refuses it with 42501', async () => {
    const mine = await remembered(cy, { content: 'Cy keeps notes on the ledger export.', scope: 'personal' });
    const reader = await call(cy.client, 'move_memories', { ids: [mine.id], scope: `project:${project.id}` });
    expect(reader.error?.code).toBe('forbidden');
    const stranger = await call(eve.client, 'move_memories', { ids: [randomUUID()], scope: `project:${project.id}` });
    expect(stranger.error?.code).toBe('forbidden');
    // Rule 2: sharing into a scope the caller cannot write.
    const direct = h.deps.database.asUser({ userId: cy.userId }, (tx) =>
      tx.update(memories).set({ scopeId: project.scopeId, sharedBy: cy.userId }).where(eq(memories.id, mine.id)),
    );
    await expect(direct).rejects.toMatchObject({ code: 'forbidden', details: { sqlstate: '42501' } });
    expect(await auditRows(mine.id)).toEqual([]);
  });

  it('refuses a project name that fits none of the caller\'s projects, listing them', async () => {
    const m = await remembered(ada, { content: 'Ada prefers short invoices.', scope: 'personal' });
    const res = await call(ada.client, 'move_memories', { ids: [m.id], project_hint: 'payroll' });
    expect(res.error?.code).toBe('validation_failed');
    expect(res.error?.message).toMatch(/^project_hint_unresolvable:/);
    expect(res.error?.details).toMatchObject({ matches: [], projects: [{ id: project.id, name: 'Billing Service' }] });
    expect((await call(ada.client, 'move_memories', { ids: [m.id] })).error?.code).toBe('validation_failed');
  });
});

describe('writers retiring shared memories', () => {
  it('lets a writer forget and close another member\'s shared memory in their own name; a reader cannot', async () => {
    const fact = await remembered(ada, { content: 'The billing cron runs at 02:00 UTC.', scope: `project:${project.id}` });
    const loop = await remembered(ada, { content: 'Rotate the billing webhook secret.', scope: `project:${project.id}`, loop: true });

    expect((await call(cy.client, 'forget', { ids: [fact.id] })).ok).toEqual({ retired: [], skipped: [{ id: fact.id, reason: 'forbidden' }] });
    expect((await call(bob.client, 'forget', { ids: [fact.id], reason: 'cron moved' })).ok).toEqual({ retired: [fact.id], skipped: [] });
    const closed = await call<{ memory: { loop_state: string; invalidated_by: string } }>(bob.client, 'close_loop', { id: loop.id });
    expect(closed.ok.memory).toMatchObject({ loop_state: 'closed', invalidated_by: bob.userId });

    const rows = await h.deps.database.db.select().from(memories).where(eq(memories.id, fact.id));
    expect(rows[0]).toMatchObject({ ownerId: ada.userId, invalidatedBy: bob.userId, invalidationReason: 'cron moved' });
  });
});

describe('restore_memory with two users', () => {
  it('removes only the caller\'s own supersedes links to the restored memory', async () => {
    const old = await remembered(ada, { content: 'Invoices are emailed as PDF.', scope: `project:${project.id}` });
    const adas = await remembered(ada, { content: 'Invoices are emailed as HTML.', scope: `project:${project.id}`, supersedes: [old.id] });
    const bobs = await remembered(bob, { content: 'Invoices are emailed as HTML and PDF.', scope: `project:${project.id}` });
    // Row-level security lets only the owner link; a link by someone else arises from system work
    // (the hygiene job), so it is written here with the service's rights.
    await h.deps.database.db.insert(memorySupersedes).values({ successorId: bobs.id, predecessorId: old.id, createdBy: bob.userId });

    const res = await call<{ removed_supersedes_links: string[]; remaining_supersedes_links: string[] }>(ada.client, 'restore_memory', { id: old.id });
    expect(res.ok.removed_supersedes_links).toEqual([adas.id]);
    expect(res.ok.remaining_supersedes_links).toEqual([bobs.id]);
    // The database holds the same line: ada's delete of bob's link touches no row.
    const deleted = await h.deps.database.asUser({ userId: ada.userId }, (tx) =>
      tx.delete(memorySupersedes).where(and(eq(memorySupersedes.predecessorId, old.id), eq(memorySupersedes.successorId, bobs.id))).returning(),
    );
    expect(deleted).toEqual([]);
  });
});
