// The queries the CLI needs now: users with their personal scope, API tokens, and projects.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiTokens,
  createApiToken,
  createProject,
  createUser,
  findUserByEmail,
  getPersonalScopeId,
  getUser,
  hashToken,
  listApiTokens,
  listProjectsForUser,
  projects,
  revokeApiToken,
  scopes,
  users,
  verifyApiToken,
  type Database,
} from '../src/index';
import { failureOf, openTestDatabase } from './support';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('users', () => {
  it('creates the user with a personal scope and finds them by email in any case', async () => {
    const { user, personalScopeId } = await createUser(database.db, 'Ann@Example.test', 'Ann');
    expect(await getPersonalScopeId(database.db, user.id)).toBe(personalScopeId);
    expect((await findUserByEmail(database.db, 'ann@example.TEST'))?.id).toBe(user.id);
    expect(await getUser(database.db, user.id)).toMatchObject({ email: 'Ann@Example.test', displayName: 'Ann' });
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('refuses a second account with the same email as a conflict, and a malformed one as invalid', async () => {
    await createUser(database.db, 'twice@example.test');
    await expect(createUser(database.db, 'TWICE@example.test')).rejects.toMatchObject({ code: 'conflict' });
    await expect(createUser(database.db, 'not-an-email')).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('lets a signed-in user read their own row but never a password hash', async () => {
    const { user } = await createUser(database.db, 'hash@example.test');
    await database.db.update(users).set({ passwordHash: 'argon2id$secret' }).where(eq(users.id, user.id));
    expect((await database.asUser({ userId: user.id }, (tx) => getUser(tx, user.id)))?.id).toBe(user.id);
    const err = await failureOf(database.asUser({ userId: user.id }, (tx) => tx.select().from(users)));
    expect(err).toMatchObject({ code: 'forbidden', details: { sqlstate: '42501' } });
  });
});

describe('api tokens', () => {
  it('returns the plaintext once, stores only its hash, and verifies it', async () => {
    const { user } = await createUser(database.db, 'tok@example.test');
    const { token, record } = await createApiToken(database.db, user.id, { name: 'laptop' });
    expect(token).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    const [stored] = await database.db.select().from(apiTokens).where(eq(apiTokens.id, record.id));
    expect(stored?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token.slice(4));

    expect(stored?.lastUsedAt).toBeNull();
    expect((await verifyApiToken(database.db, token))?.id).toBe(user.id);
    const [used] = await database.db.select().from(apiTokens).where(eq(apiTokens.id, record.id));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
    expect(await verifyApiToken(database.db, `${token.slice(0, -1)}x`)).toBeNull();
    expect(await verifyApiToken(database.db, 'Bearer nonsense')).toBeNull();
  });

  it('stops verifying a revoked or expired token', async () => {
    const { user } = await createUser(database.db, 'rev@example.test');
    const { token, record } = await createApiToken(database.db, user.id);
    expect(await revokeApiToken(database.db, user.id, record.id)).toBe(true);
    expect(await revokeApiToken(database.db, user.id, record.id)).toBe(false);
    expect(await verifyApiToken(database.db, token)).toBeNull();
    const expired = await createApiToken(database.db, user.id, { expiresAt: new Date(Date.now() - 1000) });
    expect(await verifyApiToken(database.db, expired.token)).toBeNull();
    expect((await listApiTokens(database.db, user.id)).map((t) => t.id)).toContain(record.id);
  });
});

describe('projects', () => {
  it('creates the project with its owner, scope and board, as the signed-in owner', async () => {
    const { user } = await createUser(database.db, 'owner@example.test');
    const created = await database.asUser({ userId: user.id }, (tx) =>
      createProject(tx, { ownerId: user.id, name: 'Memory Service', gitRemotes: ['github.com/acme/memory'] }),
    );
    expect(created.project).toMatchObject({ slug: 'memory-service', initials: 'MS', createdBy: user.id });
    const [scope] = await database.db.select().from(scopes).where(eq(scopes.id, created.scopeId));
    expect(scope).toMatchObject({ kind: 'project', projectId: created.project.id });
    const listed = await database.asUser({ userId: user.id }, (tx) => listProjectsForUser(tx, user.id));
    expect(listed).toEqual([
      { project: created.project, role: 'owner', scopeId: created.scopeId, boardId: created.boardId },
    ]);
  });

  it('suffixes a derived slug that is taken, and refuses an explicit one', async () => {
    const { user } = await createUser(database.db, 'slugs@example.test');
    await createProject(database.db, { ownerId: user.id, name: 'Shared Name' });
    const second = await createProject(database.db, { ownerId: user.id, name: 'Shared Name' });
    expect(second.project.slug).toMatch(/^shared-name-[0-9a-f]{6}$/);
    await expect(createProject(database.db, { ownerId: user.id, name: 'x', slug: 'shared-name' })).rejects.toMatchObject({
      code: 'conflict',
    });
    const names = await database.db.select({ slug: projects.slug }).from(projects).where(eq(projects.createdBy, user.id));
    expect(names).toHaveLength(2);
  });

  it("refuses a signed-in user creating a project in someone else's name", async () => {
    const { user: mallory } = await createUser(database.db, 'mallory@example.test');
    const { user: victim } = await createUser(database.db, 'victim@example.test');
    const err = await failureOf(
      database.asUser({ userId: mallory.id }, (tx) => createProject(tx, { ownerId: victim.id, name: 'Spoofed' })),
    );
    expect(err).toMatchObject({ code: 'forbidden' });
  });
});
