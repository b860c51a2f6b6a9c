// Users: creating one together with their personal scope, and looking them up.
import { fail } from '@svc/errors';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../client/types';
import { sqlStateOf } from '../errors';
import { scopes } from '../schema/scopes';
import { users } from '../schema/users';

/** Every column but the password hash, which the signed-in role is not even granted. */
export const userColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  mfaEnrolledAt: users.mfaEnrolledAt,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
};

export type User = Omit<typeof users.$inferSelect, 'passwordHash'>;

export interface CreatedUser {
  user: User;
  personalScopeId: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export async function createUser(exec: Executor, email: string, displayName?: string): Promise<CreatedUser> {
  const trimmed = email.trim();
  if (!EMAIL.test(trimmed)) throw fail.validation('email is not a valid address', { email });
  try {
    return await exec.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: trimmed, displayName: displayName ?? null })
        .returning(userColumns);
      if (user === undefined) throw new Error('insert into users returned no row');
      const personalScopeId = randomUUID();
      await tx.insert(scopes).values({ id: personalScopeId, kind: 'personal', userId: user.id });
      return { user, personalScopeId };
    });
  } catch (thrown) {
    if (sqlStateOf(thrown) === '23505') throw fail.conflict('a user with this email already exists', { email: trimmed });
    throw thrown;
  }
}

/** Case-insensitive; a deleted account is not found. */
export async function findUserByEmail(exec: Executor, email: string): Promise<User | null> {
  const [row] = await exec
    .select(userColumns)
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function getUser(exec: Executor, id: string): Promise<User | null> {
  const [row] = await exec.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The id of the user's personal scope. */
export async function getPersonalScopeId(exec: Executor, userId: string): Promise<string | null> {
  const [row] = await exec
    .select({ id: scopes.id })
    .from(scopes)
    .where(and(eq(scopes.kind, 'personal'), eq(scopes.userId, userId)))
    .limit(1);
  return row?.id ?? null;
}

/** Live accounts, oldest first; `limit` lets a caller ask only whether there is exactly one. */
export async function listUsers(exec: Executor, opts: { limit?: number } = {}): Promise<User[]> {
  return exec
    .select(userColumns)
    .from(users)
    .where(isNull(users.deletedAt))
    .orderBy(users.createdAt)
    .limit(opts.limit ?? 100);
}
