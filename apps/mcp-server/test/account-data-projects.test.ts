// The project routes of the dashboard: the list with counts, one project and its members, sharing it by email
// or link, roles, removal, leaving, renaming and aliases; and the database rules on shared memories through them.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, createProject, createUser, memories } from '@svc/db';
import { dashboardToken, person, request, type Person } from './helpers/account-data';
import { startHarness, type Harness } from './helpers/harness';
import { call } from './helpers/mcp-client';

let h: Harness;
let ada: Person; // owner
let bob: Person; // invited as writer
let cy: Person; // invited as reader
let eve: Person; // never a member
let project: { id: string; scopeId: string };

interface ProjectBody {
  id: string;
  name: string;
  aliases: string[];
  role: string;
  board_id: string;
  members: number;
  memories: number;
  cards: number;
  open_cards: number;
  last_activity_at: string;
}
interface MemberBody {
  user_id: string;
  email: string;
  role: string;
  you: boolean;
}
interface Detail {
  project: ProjectBody;
  members: MemberBody[];
  invitations: { id: string; email: string; role: string; expires_at: string }[];
}
type Refusal = { error: { code: string; message: string } };

const remember = (p: Person, content: string, scope = `project:${project.id}`) =>
  call<{ memory: { id: string } }>(p.client, 'remember', { content, scope, on_duplicate: 'store_anyway' });
const searchIds = async (p: Person, query: string) =>
  (await call<{ memories: { memory: { id: string } }[] }>(p.client, 'search_memories', { query })).ok.memories.map((m) => m.memory.id);
const detail = (p: Person, id = project.id) => request<Detail>(h, 'GET', `/account/projects/${id}`, { token: p.session });
const invite = (p: Person, email: string, role?: string, id = project.id) =>
  request<Record<string, unknown>>(h, 'POST', `/account/projects/${id}/members`, { token: p.session, body: { email, role } });

beforeAll(async () => {
  h = await startHarness();
  [ada, bob, cy, eve] = await Promise.all([person(h, 'ada'), person(h, 'bob'), person(h, 'cy'), person(h, 'eve')]);
  const made = await createProject(h.deps.database.db, { ownerId: ada.userId, name: 'Billing Service' });
  project = { id: made.project.id, scopeId: made.scopeId };
});
afterAll(async () => {
  await Promise.all([ada, bob, cy, eve].map((p) => p.client.close()));
  await h.close();
});

describe('sharing by email with accounts here', () => {
  it('adds an existing account at once, in its role; only an owner may, and a stranger learns nothing', async () => {
    const added = await invite(ada, 'BOB@example.com', 'writer');
    expect(added.status).toBe(201);
    expect(added.body.added).toMatchObject({ user_id: bob.userId, email: 'bob@example.com', role: 'writer', you: false });
    expect((await invite(ada, 'cy@example.com', 'reader')).status).toBe(201);

    const byWriter = await invite(bob, 'eve@example.com', 'reader');
    expect(byWriter.status).toBe(403);
    expect((byWriter.body as Refusal).error.code).toBe('forbidden');
    const byStranger = await invite(eve, 'eve@example.com', 'owner');
    expect(byStranger.status).toBe(404);
    expect((await detail(eve)).status).toBe(404);
    expect((await invite(ada, 'bob@example.com', 'reader')).status).toBe(409);
    for (const body of [{ email: 'not an address' }, { email: 'x@example.com', role: 'admin' }]) {
      const bad = await request<Refusal>(h, 'POST', `/account/projects/${project.id}/members`, { token: ada.session, body });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('validation_failed');
    }
  });

  it('shows every member the project with its members; only the owner sees invitations', async () => {
    const seen = await detail(cy);
    expect(seen.status).toBe(200);
    expect(seen.body.project).toMatchObject({ id: project.id, name: 'Billing Service', role: 'reader', members: 3 });
    expect(seen.body.members.map((m) => [m.email, m.role, m.you])).toEqual([
      ['ada@example.com', 'owner', false],
      ['bob@example.com', 'writer', false],
      ['cy@example.com', 'reader', true],
    ]);
    expect(seen.body.invitations).toEqual([]);
  });

  it('holds the database rules on shared memories for the writer and the reader it made', async () => {
    const adas = await remember(ada, 'Invoices go out on the first of the month.');
    expect(adas.error).toBeUndefined();
    // Writer: writes into the project and retires another member's memory in their own name ...
    const bobs = await remember(bob, 'Refunds need a second approver.');
    expect(bobs.error).toBeUndefined();
    // ... but changes nothing else on it (rule 4), and names no one else as retirer (rule 3).
    const edit = h.deps.database.asUser({ userId: bob.userId }, (tx) =>
      tx.update(memories).set({ content: 'Invoices go out whenever.' }).where(eq(memories.id, adas.ok.memory.id)),
    );
    await expect(edit).rejects.toMatchObject({ code: 'forbidden', details: { sqlstate: '42501' } });
    const blame = h.deps.database.asUser({ userId: bob.userId }, (tx) =>
      tx.update(memories).set({ invalidatedAt: new Date(), invalidatedBy: ada.userId }).where(eq(memories.id, adas.ok.memory.id)),
    );
    await expect(blame).rejects.toMatchObject({ code: 'forbidden', details: { sqlstate: '42501' } });

    // Reader: reads, writes nothing, retires nothing.
    expect(await searchIds(cy, 'invoices')).toContain(adas.ok.memory.id);
    expect((await remember(cy, 'Readers cannot write here.')).error?.code).toBe('forbidden');
    expect((await call(cy.client, 'forget', { ids: [adas.ok.memory.id] })).ok).toEqual({
      retired: [],
      skipped: [{ id: adas.ok.memory.id, reason: 'forbidden' }],
    });
    // Rule 2: the owner may not share into a scope the member cannot write, e.g. a reader's own move.
    const cys = await remember(cy, 'Cy keeps a personal note.', 'personal');
    const move = h.deps.database.asUser({ userId: cy.userId }, (tx) =>
      tx.update(memories).set({ scopeId: project.scopeId }).where(eq(memories.id, cys.ok.memory.id)),
    );
    await expect(move).rejects.toMatchObject({ code: 'forbidden', details: { sqlstate: '42501' } });

    expect((await call(bob.client, 'forget', { ids: [adas.ok.memory.id], reason: 'moved to the 2nd' })).ok).toEqual({
      retired: [adas.ok.memory.id],
      skipped: [],
    });
    const [row] = await h.deps.database.db.select().from(memories).where(eq(memories.id, adas.ok.memory.id));
    expect(row).toMatchObject({ ownerId: ada.userId, invalidatedBy: bob.userId, content: 'Invoices go out on the first of the month.' });
  });

  it('holds rules 1 and 3 for the writer and the reader, and lets the writer close another member\'s loop in their own name', async () => {
    const loop = (p: Person, content: string) =>
      call<{ memory: { id: string } }>(p.client, 'remember', { content, scope: `project:${project.id}`, loop: true, on_duplicate: 'store_anyway' });
    const adas = (await loop(ada, 'Renew the TLS certificate before March.')).ok.memory.id;
    const adasOther = (await loop(ada, 'Rotate the webhook secret.')).ok.memory.id;
    const bobs = (await remember(bob, 'Chargebacks go to the finance inbox.')).ok.memory.id;
    const cys = (await remember(cy, 'Cy reads the billing notes on Mondays.', 'personal')).ok.memory.id;
    const write = (p: Person, id: string, set: Partial<typeof memories.$inferInsert>) =>
      h.deps.database.asUser({ userId: p.userId }, (tx) => tx.update(memories).set(set).where(eq(memories.id, id)).returning({ id: memories.id }));
    const refused = { code: 'forbidden', details: { sqlstate: '42501' } };
    const rowOf = async (id: string) => (await h.deps.database.db.select().from(memories).where(eq(memories.id, id)))[0]!;

    // Rule 1: no one changes owner_id, id or created_at; not on their own memory, not on another member's.
    const identity = (other: Person): Partial<typeof memories.$inferInsert>[] => [
      { ownerId: other.userId },
      { id: randomUUID() },
      { createdAt: new Date('2020-01-01T00:00:00Z') },
    ];
    for (const [who, id, other, what] of [
      [bob, bobs, ada, 'the writer on their own'],
      [bob, adas, bob, "the writer on the owner's"],
      [cy, cys, ada, 'the reader on their own'],
      [cy, adas, cy, "the reader on the owner's"],
      [ada, adas, bob, 'the owner on their own'],
    ] as const) {
      for (const set of identity(other)) await expect(write(who, id, set), `${what}: ${Object.keys(set)[0]}`).rejects.toMatchObject(refused);
    }
    expect(await rowOf(adas)).toMatchObject({ ownerId: ada.userId, invalidatedAt: null });

    // Rule 3: naming someone else as the one who shared or retired, on one's own memory or another's.
    await expect(write(bob, bobs, { sharedBy: ada.userId })).rejects.toMatchObject(refused);
    await expect(write(cy, cys, { sharedBy: ada.userId })).rejects.toMatchObject(refused);
    await expect(write(cy, cys, { invalidatedAt: new Date(), invalidatedBy: bob.userId })).rejects.toMatchObject(refused);
    await expect(write(bob, adas, { invalidatedAt: new Date(), invalidatedBy: cy.userId })).rejects.toMatchObject(refused);

    // Retiring another member's shared loop: the writer may, in their own name; the reader may not.
    const byReader = await call(cy.client, 'close_loop', { id: adas, resolution: 'renewed' });
    expect(byReader.error?.code).toBe('forbidden');
    expect((await rowOf(adas)).invalidatedAt).toBeNull();
    const byWriter = await call<{ memory: { id: string } }>(bob.client, 'close_loop', { id: adas, resolution: 'renewed until 2027' });
    expect(byWriter.error).toBeUndefined();
    expect(await rowOf(adas)).toMatchObject({ ownerId: ada.userId, invalidatedBy: bob.userId, loopState: 'closed' });
    // And straight through the database API, as the tools do it: retired in the writer's own name.
    expect(await write(bob, adasOther, { invalidatedAt: new Date(), invalidatedBy: bob.userId })).toEqual([{ id: adasOther }]);
    expect(await rowOf(adasOther)).toMatchObject({ ownerId: ada.userId, invalidatedBy: bob.userId, content: 'Rotate the webhook secret.' });
  });

  it('changes a role: the reader made writer writes, the writer made reader no longer does', async () => {
    const up = await request<{ member: MemberBody }>(h, 'PATCH', `/account/projects/${project.id}/members/${cy.userId}`, {
      token: ada.session,
      body: { role: 'writer' },
    });
    expect(up.status).toBe(200);
    expect(up.body.member).toMatchObject({ user_id: cy.userId, role: 'writer' });
    expect((await remember(cy, 'Cy writes now.')).error).toBeUndefined();

    await request(h, 'PATCH', `/account/projects/${project.id}/members/${bob.userId}`, { token: ada.session, body: { role: 'reader' } });
    expect((await remember(bob, 'Bob cannot any more.')).error?.code).toBe('forbidden');
    const byMember = await request<Refusal>(h, 'PATCH', `/account/projects/${project.id}/members/${bob.userId}`, {
      token: cy.session,
      body: { role: 'owner' },
    });
    expect(byMember.status).toBe(403);
    const lastOwner = await request<Refusal>(h, 'PATCH', `/account/projects/${project.id}/members/${ada.userId}`, {
      token: ada.session,
      body: { role: 'writer' },
    });
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.error.message).toMatch(/at least one owner/);
  });

  it('counts live memories and cards in the list, with the last activity', async () => {
    await call(ada.client, 'card', { action: 'create', scope: `project:${project.id}`, title: 'Send invoices', type: 'task', no_links: 'first card' });
    const list = await request<{ projects: ProjectBody[] }>(h, 'GET', '/account/projects', { token: cy.session });
    const listed = list.body.projects.find((p) => p.id === project.id)!;
    const live = await h.deps.database.db
      .select({ id: memories.id })
      .from(memories)
      .where(and(eq(memories.scopeId, project.scopeId), isNull(memories.invalidatedAt)));
    expect(listed).toMatchObject({ name: 'Billing Service', role: 'writer', members: 3, memories: live.length, cards: 1, open_cards: 1 });
    expect(Date.parse(listed.last_activity_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await request<{ projects: ProjectBody[] }>(h, 'GET', '/account/projects', { token: eve.session })).body.projects).toEqual([]);
  });
});

describe('removing and leaving', () => {
  it('removes a member, who then sees the project no more and writes nothing there', async () => {
    const id = (await remember(ada, 'Dunning starts after 30 days.')).ok.memory.id;
    expect(await searchIds(bob, 'dunning')).toContain(id);
    const removed = await request(h, 'DELETE', `/account/projects/${project.id}/members/${bob.userId}`, { token: ada.session });
    expect(removed.status).toBe(204);
    expect(await searchIds(bob, 'dunning')).not.toContain(id);
    expect((await detail(bob)).status).toBe(404);
    expect((await remember(bob, 'Not a member.')).error?.code).toBe('forbidden');
    // Only an owner removes someone else.
    const byWriter = await request(h, 'DELETE', `/account/projects/${project.id}/members/${ada.userId}`, { token: cy.session });
    expect(byWriter.status).toBe(403);
  });

  it('lets a member leave, but not the last owner', async () => {
    const last = await request<Refusal>(h, 'DELETE', `/account/projects/${project.id}/members/${ada.userId}`, { token: ada.session });
    expect(last.status).toBe(409);
    const left = await request(h, 'DELETE', `/account/projects/${project.id}/members/${cy.userId}`, { token: cy.session });
    expect(left.status).toBe(204);
    expect((await detail(cy)).status).toBe(404);
    const trail = await h.deps.database.db.select().from(auditLog).where(eq(auditLog.targetId, project.id));
    expect(trail.map((r) => r.action)).toEqual(
      expect.arrayContaining(['project_member_added', 'project_member_role_changed', 'project_member_removed', 'project_left']),
    );
    for (const r of trail) expect(JSON.stringify(r.details)).not.toMatch(/@example\.com/);
  });
});

describe('invitations by link', () => {
  it('gives a link once for an address without an account; the account made later accepts it after sign-in', async () => {
    const made = await invite(ada, 'New.Comer@example.com', 'writer');
    expect(made.status).toBe(201);
    const code = made.body.code as string;
    expect(code).toMatch(/^svp_/);
    expect(made.body.url).toBe(`${h.deps.settings.auth.dashboardUrl}/projects/join?code=${code}`);
    const listed = (await detail(ada)).body.invitations;
    expect(listed).toEqual([expect.objectContaining({ email: 'new.comer@example.com', role: 'writer' })]);
    expect(JSON.stringify(listed)).not.toContain(code);

    const { user } = await createUser(h.deps.database.db, 'new.comer@example.com');
    const session = await dashboardToken(h.deps.database, user.id);
    const other = await dashboardToken(h.deps.database, eve.userId);
    const preview = await request<Record<string, unknown>>(h, 'POST', '/account/project-invitations/preview', { token: session, body: { code } });
    expect(preview.body).toMatchObject({ project: { id: project.id, name: 'Billing Service' }, role: 'writer', for_you: true });
    const previewOther = await request<Record<string, unknown>>(h, 'POST', '/account/project-invitations/preview', { token: other, body: { code } });
    expect(previewOther.body.for_you).toBe(false);

    const wrong = await request<Refusal>(h, 'POST', '/account/project-invitations/accept', { token: other, body: { code } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.message).toContain('new.comer@example.com');
    const accepted = await request(h, 'POST', '/account/project-invitations/accept', { token: session, body: { code } });
    expect(accepted.body).toEqual({ project_id: project.id, role: 'writer', joined: true });
    const again = await request<Refusal>(h, 'POST', '/account/project-invitations/accept', { token: session, body: { code } });
    expect(again.status).toBe(404);
    const seen = await request<Detail>(h, 'GET', `/account/projects/${project.id}`, { token: session });
    expect(seen.body.project.role).toBe('writer');
    expect((await detail(ada)).body.invitations).toEqual([]);
    // Without a session the link does nothing.
    expect((await request(h, 'POST', '/account/project-invitations/accept', { body: { code } })).status).toBe(401);
  });

  it('lets the owner revoke an open invitation, after which the link is dead', async () => {
    const made = await invite(ada, 'later@example.com', 'reader');
    const id = (made.body.invitation as { id: string }).id;
    expect((await request(h, 'DELETE', `/account/projects/${project.id}/invitations/${id}`, { token: eve.session })).status).toBe(404);
    expect((await request(h, 'DELETE', `/account/projects/${project.id}/invitations/${id}`, { token: ada.session })).status).toBe(204);
    const { user } = await createUser(h.deps.database.db, 'later@example.com');
    const session = await dashboardToken(h.deps.database, user.id);
    const dead = await request(h, 'POST', '/account/project-invitations/accept', { token: session, body: { code: made.body.code } });
    expect(dead.status).toBe(404);
  });
});

describe('renaming and aliases', () => {
  it('renames and sets aliases a project_hint then matches; only the owner may', async () => {
    const renamed = await request<{ project: ProjectBody }>(h, 'PATCH', `/account/projects/${project.id}`, {
      token: ada.session,
      body: { name: 'Invoicing', aliases: ['billing', 'payments'] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.project).toMatchObject({ name: 'Invoicing', aliases: ['billing', 'payments'] });
    const hinted = await call<{ memory: { scope: string } }>(ada.client, 'remember', { content: 'Payments settle in two days.', project_hint: 'payments' });
    expect(hinted.ok.memory.scope).toBe(`project:${project.id}`);

    const byStranger = await request(h, 'PATCH', `/account/projects/${project.id}`, { token: eve.session, body: { name: 'Mine' } });
    expect(byStranger.status).toBe(404);
    const bad = await request<Refusal>(h, 'PATCH', `/account/projects/${project.id}`, { token: ada.session, body: { aliases: ['a/b'] } });
    expect(bad.status).toBe(400);
    expect((await request(h, 'PATCH', `/account/projects/${project.id}`, { token: ada.session, body: {} })).status).toBe(400);
  });
});
