// Project sharing on storage, as the signed-in role: members and roles, the last owner, invitations, renaming, the overview.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, createProject, createUser, memories, projectInvitations, projects, type Database } from '@svc/db';
import { openTestDatabase, testStorage } from '@svc/db/testing';
import {
  acceptProjectInvitation,
  addProjectMember,
  createProjectInvitation,
  listOpenProjectInvitations,
  listProjectMembers,
  listProjectOverviews,
  previewProjectInvitation,
  removeProjectMember,
  renameProject,
  revokeProjectInvitation,
  setProjectAliases,
  setProjectMemberRole,
} from './index';

let database: Database;
const ids: Record<'ann' | 'ben' | 'cat' | 'dan', { id: string; personal: string }> = {} as never;

beforeAll(async () => {
  database = await openTestDatabase();
  for (const name of ['ann', 'ben', 'cat', 'dan'] as const) {
    const made = await createUser(database.db, `${name}@example.com`, name);
    ids[name] = { id: made.user.id, personal: made.personalScopeId };
  }
});
afterAll(() => database.close());

const as = <T>(who: keyof typeof ids, fn: Parameters<Database['asUser']>[1] & ((tx: never) => Promise<T>)) =>
  database.asUser({ userId: ids[who].id }, fn as never) as Promise<T>;

async function newProject(name: string) {
  // Made with the service's rights, as a first sight of a repository does.
  const made = await createProject(database.db, { ownerId: ids.ann.id, name });
  return { id: made.project.id, scope: made.scopeId, board: made.boardId };
}

const rejection = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as { code: string; details?: Record<string, unknown> });

describe('members and roles', () => {
  it('lets the owner add a writer and a reader, whom every member then sees with their role', async () => {
    const p = await newProject('Members One');
    await as('ann', (tx) => addProjectMember(tx, p.id, ids.ben.id, 'writer'));
    await as('ann', (tx) => addProjectMember(tx, p.id, ids.cat.id, 'reader'));
    const seenByReader = await as('cat', (tx) => listProjectMembers(tx, p.id));
    expect(seenByReader.map((m) => [m.email, m.role])).toEqual([
      ['ann@example.com', 'owner'],
      ['ben@example.com', 'writer'],
      ['cat@example.com', 'reader'],
    ]);
    expect(await as('dan', (tx) => listProjectMembers(tx, p.id))).toEqual([]);
    expect(await rejection(as('ann', (tx) => addProjectMember(tx, p.id, ids.ben.id, 'reader')))).toMatchObject({ code: 'conflict' });
  });

  it('refuses membership changes by a writer or a reader in the database itself (42501)', async () => {
    const p = await newProject('Members Two');
    await as('ann', (tx) => addProjectMember(tx, p.id, ids.ben.id, 'writer'));
    await as('ann', (tx) => addProjectMember(tx, p.id, ids.cat.id, 'reader'));
    for (const who of ['ben', 'cat'] as const) {
      const added = await rejection(as(who, (tx) => addProjectMember(tx, p.id, ids.dan.id, 'owner')));
      expect(added).toMatchObject({ code: 'forbidden', details: { sqlstate: '42501' } });
      const promoted = await rejection(as(who, (tx) => setProjectMemberRole(tx, p.id, ids[who].id, 'owner')));
      expect(promoted).toMatchObject({ code: 'forbidden', details: { sqlstate: '42501' } });
    }
    // Removing someone else is not theirs to do: the row stays.
    await as('ben', (tx) => removeProjectMember(tx, p.id, ids.cat.id));
    expect((await as('ann', (tx) => listProjectMembers(tx, p.id))).map((m) => m.role)).toEqual(['owner', 'writer', 'reader']);
  });

  it('keeps a last owner: no demotion, removal or leaving takes the role away; a second owner may go', async () => {
    const p = await newProject('Members Three');
    await as('ann', (tx) => addProjectMember(tx, p.id, ids.ben.id, 'writer'));
    expect(await rejection(as('ann', (tx) => setProjectMemberRole(tx, p.id, ids.ann.id, 'writer')))).toMatchObject({ code: 'conflict' });
    expect(await rejection(as('ann', (tx) => removeProjectMember(tx, p.id, ids.ann.id)))).toMatchObject({ code: 'conflict' });
    // Privileged (the CLI) is held to it as well: the trigger is in the database.
    expect(await rejection(database.system((tx) => removeProjectMember(tx, p.id, ids.ann.id)))).toMatchObject({ code: 'conflict' });

    await as('ann', (tx) => setProjectMemberRole(tx, p.id, ids.ben.id, 'owner'));
    expect(await as('ann', (tx) => removeProjectMember(tx, p.id, ids.ann.id))).toBe('owner');
    expect((await as('ben', (tx) => listProjectMembers(tx, p.id))).map((m) => [m.email, m.role])).toEqual([['ben@example.com', 'owner']]);
  });

  it('lets only one of two owners stepping down at the same time succeed', async () => {
    const p = await newProject('Members Four');
    await as('ann', (tx) => addProjectMember(tx, p.id, ids.ben.id, 'owner'));
    const outcomes = await Promise.allSettled([
      as('ann', (tx) => setProjectMemberRole(tx, p.id, ids.ann.id, 'writer')),
      as('ben', (tx) => setProjectMemberRole(tx, p.id, ids.ben.id, 'reader')),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const owners = (await database.system((tx) => listProjectMembers(tx, p.id))).filter((m) => m.role === 'owner');
    expect(owners).toHaveLength(1);
  });

  it('lets a member leave; a removed member no longer reads the project scope but still sees what they wrote', async () => {
    const p = await newProject('Members Five');
    await as('ann', (tx) => addProjectMember(tx, p.id, ids.ben.id, 'writer'));
    await as('ann', (tx) => addProjectMember(tx, p.id, ids.cat.id, 'reader'));
    const bens = await as('ben', (tx) =>
      tx.insert(memories).values({ ownerId: ids.ben.id, scopeId: p.scope, content: 'Ben wrote this into the project.' }).returning({ id: memories.id }),
    );
    const anns = await as('ann', (tx) =>
      tx.insert(memories).values({ ownerId: ids.ann.id, scopeId: p.scope, content: 'Ann wrote this.' }).returning({ id: memories.id }),
    );
    expect(await as('cat', (tx) => removeProjectMember(tx, p.id, ids.cat.id))).toBe('reader');
    expect(await as('cat', (tx) => tx.select().from(memories).where(eq(memories.scopeId, p.scope)))).toEqual([]);

    await as('ann', (tx) => removeProjectMember(tx, p.id, ids.ben.id));
    const benSees = await as('ben', (tx) => tx.select({ id: memories.id }).from(memories).where(eq(memories.scopeId, p.scope)));
    expect(benSees).toEqual([bens[0]]);
    expect(benSees).not.toContainEqual(anns[0]);
    // Nor may a former writer write there any more.
    const write = await rejection(
      as('ben', (tx) => tx.insert(memories).values({ ownerId: ids.ben.id, scopeId: p.scope, content: 'After removal.' })),
    );
    expect(write).toMatchObject({ code: 'forbidden', details: { sqlstate: '42501' } });
  });
});

describe('invitations by link', () => {
  it('are made and seen by owners only; the hash is never readable to a signed-in role', async () => {
    const p = await newProject('Invite One');
    await as('ann', (tx) => addProjectMember(tx, p.id, ids.ben.id, 'writer'));
    const { code, invitation } = await as('ann', (tx) =>
      createProjectInvitation(tx, { projectId: p.id, email: ' New.Person@Example.com ', role: 'reader', invitedBy: ids.ann.id }),
    );
    expect(code).toMatch(/^svp_[A-Za-z0-9_-]{43}$/);
    expect(invitation.email).toBe('new.person@example.com');
    expect((await as('ann', (tx) => listOpenProjectInvitations(tx, p.id))).map((i) => i.id)).toEqual([invitation.id]);
    expect(await as('ben', (tx) => listOpenProjectInvitations(tx, p.id))).toEqual([]);
    const byWriter = await rejection(
      as('ben', (tx) => createProjectInvitation(tx, { projectId: p.id, email: 'x@example.com', role: 'owner', invitedBy: ids.ben.id })),
    );
    expect(byWriter).toMatchObject({ code: 'forbidden', details: { sqlstate: '42501' } });
    const hash = await rejection(as('ann', (tx) => tx.select({ h: projectInvitations.tokenHash }).from(projectInvitations)));
    expect(hash).toMatchObject({ code: 'forbidden', details: { sqlstate: '42501' } });
    const [stored] = await database.db.select().from(projectInvitations).where(eq(projectInvitations.id, invitation.id));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.tokenHash).not.toContain(code.slice(4));
  });

  it('are accepted once, by the invited address only, making them a member with the role', async () => {
    const p = await newProject('Invite Two');
    const { code } = await as('ann', (tx) =>
      createProjectInvitation(tx, { projectId: p.id, email: 'DAN@example.com', role: 'writer', invitedBy: ids.ann.id }),
    );
    expect(await database.system((tx) => previewProjectInvitation(tx, code))).toMatchObject({
      projectId: p.id,
      projectName: 'Invite Two',
      role: 'writer',
      email: 'dan@example.com',
    });
    const wrong = await rejection(database.system((tx) => acceptProjectInvitation(tx, { code, userId: ids.cat.id, email: 'cat@example.com' })));
    expect(wrong).toMatchObject({ code: 'forbidden' });
    const accepted = await database.system((tx) => acceptProjectInvitation(tx, { code, userId: ids.dan.id, email: 'Dan@Example.com' }));
    expect(accepted).toEqual({ projectId: p.id, role: 'writer', joined: true });
    expect((await as('dan', (tx) => listProjectMembers(tx, p.id))).find((m) => m.userId === ids.dan.id)?.role).toBe('writer');
    const again = await rejection(database.system((tx) => acceptProjectInvitation(tx, { code, userId: ids.dan.id, email: 'dan@example.com' })));
    expect(again).toMatchObject({ code: 'not_found' });
    expect(await database.system((tx) => previewProjectInvitation(tx, code))).toBeNull();
    expect(await as('ann', (tx) => listOpenProjectInvitations(tx, p.id))).toEqual([]);
  });

  it('are refused once revoked or expired, and keep the role of someone already a member', async () => {
    const p = await newProject('Invite Three');
    const revoked = await as('ann', (tx) =>
      createProjectInvitation(tx, { projectId: p.id, email: 'ben@example.com', role: 'owner', invitedBy: ids.ann.id }),
    );
    await as('ann', (tx) => revokeProjectInvitation(tx, p.id, revoked.invitation.id));
    expect(await rejection(as('ann', (tx) => revokeProjectInvitation(tx, p.id, revoked.invitation.id)))).toMatchObject({ code: 'not_found' });
    const accept = (code: string) => database.system((tx) => acceptProjectInvitation(tx, { code, userId: ids.ben.id, email: 'ben@example.com' }));
    expect(await rejection(accept(revoked.code))).toMatchObject({ code: 'not_found' });

    const past = new Date(Date.now() - 8 * 24 * 3600_000);
    const expired = await as('ann', (tx) =>
      createProjectInvitation(tx, { projectId: p.id, email: 'ben@example.com', role: 'owner', invitedBy: ids.ann.id, now: past }),
    );
    expect(await rejection(accept(expired.code))).toMatchObject({ code: 'not_found' });
    expect(await rejection(accept(`svp_${'A'.repeat(43)}`))).toMatchObject({ code: 'not_found' });

    await as('ann', (tx) => addProjectMember(tx, p.id, ids.ben.id, 'reader'));
    const fresh = await as('ann', (tx) =>
      createProjectInvitation(tx, { projectId: p.id, email: 'ben@example.com', role: 'owner', invitedBy: ids.ann.id }),
    );
    expect(await accept(fresh.code)).toEqual({ projectId: p.id, role: 'reader', joined: false });
  });
});

describe('renaming and aliases', () => {
  it('lets the owner rename (initials follow) and set aliases; a writer is refused by the database', async () => {
    const p = await newProject('Old Name');
    await as('ann', (tx) => addProjectMember(tx, p.id, ids.ben.id, 'writer'));
    expect(await as('ann', (tx) => renameProject(tx, p.id, '  Billing Service '))).toEqual({ name: 'Billing Service', initials: 'bs' });
    expect(await as('ann', (tx) => setProjectAliases(tx, p.id, ['billing', 'Billing', ' invoices ', '']))).toEqual(['billing', 'invoices']);
    const [row] = await database.db.select().from(projects).where(eq(projects.id, p.id));
    expect(row).toMatchObject({ name: 'Billing Service', initials: 'bs', aliases: ['billing', 'invoices'] });
    const byWriter = await rejection(as('ben', (tx) => renameProject(tx, p.id, 'Hijacked')));
    expect(byWriter).toMatchObject({ code: 'forbidden', details: { sqlstate: '42501' } });
  });

  it('refuses names and aliases a project_hint could not use', async () => {
    const p = await newProject('Validated');
    expect(await rejection(as('ann', (tx) => renameProject(tx, p.id, '   ')))).toMatchObject({ code: 'validation_failed' });
    for (const alias of ['a/b', 'git@host:x', 'x'.repeat(81)]) {
      expect(await rejection(as('ann', (tx) => setProjectAliases(tx, p.id, [alias]))), alias).toMatchObject({ code: 'validation_failed' });
    }
    const many = Array.from({ length: 21 }, (_, i) => `alias${i}`);
    expect(await rejection(as('ann', (tx) => setProjectAliases(tx, p.id, many)))).toMatchObject({ code: 'validation_failed' });
  });
});

describe('overview', () => {
  it('counts members, live memories and cards, and dates the last activity, for every member alike', async () => {
    const p = await newProject('Overview');
    await as('ann', (tx) => addProjectMember(tx, p.id, ids.cat.id, 'reader'));
    const before = (await as('cat', (tx) => listProjectOverviews(tx, ids.cat.id, p.id)))[0]!;
    expect(before).toMatchObject({ name: 'Overview', role: 'reader', boardId: p.board, members: 2, memories: 0, cards: 0, openCards: 0 });

    await database.db.insert(memories).values([
      { ownerId: ids.ann.id, scopeId: p.scope, content: 'Live one.' },
      { ownerId: ids.ann.id, scopeId: p.scope, content: 'Retired one.', invalidatedAt: new Date(), invalidatedBy: ids.ann.id },
      { ownerId: ids.ann.id, scopeId: ids.ann.personal, content: 'Personal, not counted.' },
    ]);
    await database.db.insert(cards).values([
      { boardId: p.board, number: 1, title: 'Open card', state: 'active' },
      { boardId: p.board, number: 2, title: 'Done card', state: 'done' },
    ]);
    const [owner] = await as('ann', (tx) => listProjectOverviews(tx, ids.ann.id, p.id));
    const [reader] = await as('cat', (tx) => listProjectOverviews(tx, ids.cat.id, p.id));
    expect(owner).toMatchObject({ role: 'owner', members: 2, memories: 1, cards: 2, openCards: 1 });
    expect({ ...reader, role: 'owner' }).toEqual(owner);
    // The newest change among the project's memories (retired ones too) and cards, the personal memory aside.
    const stamps = [
      ...(await database.db.select({ at: memories.updatedAt }).from(memories).where(eq(memories.scopeId, p.scope))),
      ...(await database.db.select({ at: cards.updatedAt }).from(cards).where(eq(cards.boardId, p.board))),
    ].map((r) => r.at.getTime());
    expect(owner!.lastActivityAt.getTime()).toBe(Math.max(...stamps));
    expect(owner!.lastActivityAt.getTime()).toBeGreaterThanOrEqual(before.lastActivityAt.getTime());
  });
});

it('runs on the storage of this leg', () => {
  expect(['embedded', 'postgres']).toContain(testStorage());
});
