// Password credentials: the argon2id hash behind an email, read and written only by the service.
import { and, eq, sql, isNull } from 'drizzle-orm';
import type { Executor } from '../client/types';
import { users } from '../schema/users';
import { userColumns, type User } from './users';

export interface PasswordCredentials {
  user: User;
  /** Null for an account that signs in only through an external provider. */
  passwordHash: string | null;
}

/** Case-insensitive; a deleted account has no credentials. Use the privileged executor. */
export async function findPasswordCredentials(exec: Executor, email: string): Promise<PasswordCredentials | null> {
  const [row] = await exec
    .select({ user: userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function setPasswordHash(exec: Executor, userId: string, passwordHash: string): Promise<void> {
  await exec.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
