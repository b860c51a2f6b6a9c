import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  authSessions,
  createAgentSession,
  createProject,
  getPersonalScopeId,
  memories,
  oauthStore,
  projectMembers,
  projects,
  setProjectMember,
  users,
} from '@svc/db';
import { api, enrolTotp, personWithPassword, signIn } from './helpers/account-auth';
import { startHarness, type Harness } from './helpers/harness';

const PASSWORD = 'correct horse battery';
let h: Harness;
let adaId = '';
let bobId = '';
let teamId = '';
let soloId = '';
let recoveryCodes: string[] = [];

async function remember(ownerId: string, scopeId: string, content: string): Promise<void> {
  await h.deps.database.db.insert(memories).values({ ownerId, scopeId, content });
}

beforeAll(async () => {
  h = await startHarness();
  const { db } = h.deps.database;
  adaId = (await personWithPassword(h.deps.database, 'ada@example.com', PASSWORD)).id;
  bobId = (await personWithPassword(h.deps.database, 'bob@example.com', PASSWORD)).id;
  const solo = await createProject(db, { ownerId: adaId, name: 'Ada solo' });
  const team = await createProject(db, { ownerId: adaId, name: 'Team' });
  soloId = solo.project.id;
  teamId = team.project.id;
  await setProjectMember(db, teamId, bobId, 'writer');
  await remember(adaId, (await getPersonalScopeId(db, adaId)) ?? '', 'ada private');
  await remember(adaId, solo.scopeId, 'ada solo note');
  await remember(adaId, team.scopeId, 'ada team note');
  await remember(bobId, team.scopeId, 'bob team note');
  await remember(bobId, (await getPersonalScopeId(db, bobId)) ?? '', 'bob private');
  // The authorization server's records: ada's grant with a token, and bob's grant.
  await db.insert(oauthStore).values([
    { model: 'Grant', id: 'grant-ada', payload: { accountId: adaId, clientId: 'c1' } },
    { model: 'AccessToken', id: 'at-ada', grantId: 'grant-ada', payload: { accountId: adaId, grantId: 'grant-ada' } },
    { model: 'Session', id: 'sess-ada', payload: { accountId: adaId } },
    { model: 'Grant', id: 'grant-bob', payload: { accountId: bobId, clientId: 'c1' } },
  ]);
  await createAgentSession(db, { userId: adaId, clientId: 'c1', grantId: 'grant-ada', ttlMs: 3_600_000 });
  recoveryCodes = (await enrolTotp(h, (await signIn(h, 'ada@example.com', PASSWORD)).session_token)).recoveryCodes;
});
afterAll(() => h.close());

const remove = (token: string, confirm_email: string) => api(h, 'DELETE', '/account', { token, body: { confirm_email } });

describe('DELETE /account', () => {
  let token = '';

  it('needs the second factor on an enrolled account', async () => {
    token = (await signIn(h, 'ada@example.com', PASSWORD)).session_token;
    const reply = await remove(token, 'ada@example.com');
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ error: 'insufficient_aal' });
  });

  it('refuses an email that is not the account one', async () => {
    expect((await api(h, 'POST', '/account/mfa/verify', { token, body: { code: recoveryCodes[0] } })).status).toBe(200);
    const reply = await remove(token, 'bob@example.com');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: { code: 'validation_failed' } });
    expect((await api(h, 'DELETE', '/account', { token, body: {} })).status).toBe(400);
  });

  it('deletes the account: sign-in, sessions and the person\'s memories are gone', async () => {
    expect((await remove(token, 'ADA@example.com')).status).toBe(204);
    expect((await api(h, 'POST', '/account/login', { body: { email: 'ada@example.com', password: PASSWORD } })).status).toBe(401);
    expect((await api(h, 'GET', '/account/session', { token })).status).toBe(401);
    const { db } = h.deps.database;
    expect(await db.select().from(users).where(eq(users.id, adaId))).toHaveLength(0);
    expect(await db.select().from(memories).where(eq(memories.ownerId, adaId))).toHaveLength(0);
    expect(await db.select().from(authSessions).where(eq(authSessions.userId, adaId))).toHaveLength(0);
    const stored = (await db.select({ id: oauthStore.id }).from(oauthStore)).map((r) => r.id);
    expect(stored).toContain('grant-bob');
    expect(stored.filter((id) => id.endsWith('-ada'))).toEqual([]);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'account_deleted'));
    expect(audit).toMatchObject({ targetId: adaId, userId: null });
  });

  it('leaves everyone else\'s data: the shared project stays with its remaining member as owner', async () => {
    const { db } = h.deps.database;
    const left = await db.select({ content: memories.content }).from(memories);
    expect(left.map((m) => m.content).sort()).toEqual(['bob private', 'bob team note']);
    expect(await db.select().from(projects).where(eq(projects.id, soloId))).toHaveLength(0);
    const [member] = await db
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, teamId), eq(projectMembers.userId, bobId)));
    expect(member?.role).toBe('owner');
    expect((await signIn(h, 'bob@example.com', PASSWORD)).user.id).toBe(bobId);
  });
});
