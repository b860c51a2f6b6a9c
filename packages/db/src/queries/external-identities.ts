// External sign-in: pending login states (used once) and the identities linked to people.
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../client/types';
import { externalIdentities, externalLoginStates } from '../schema/external-identities';
import { users } from '../schema/users';
import { userColumns, type User } from './users';

export type ExternalLoginState = typeof externalLoginStates.$inferSelect;

/** Stores a pending sign-in; expired ones are swept on the way, so the table stays small. */
export async function saveLoginState(
  exec: Executor,
  state: Omit<ExternalLoginState, 'createdAt'>,
  now = new Date(),
): Promise<void> {
  await exec.delete(externalLoginStates).where(lte(externalLoginStates.expiresAt, now));
  await exec.insert(externalLoginStates).values(state);
}

/** Takes the pending sign-in out of the table: a second use of the same state finds nothing. */
export async function consumeLoginState(
  exec: Executor,
  stateHash: string,
  now = new Date(),
): Promise<ExternalLoginState | null> {
  const [row] = await exec
    .delete(externalLoginStates)
    .where(eq(externalLoginStates.stateHash, stateHash))
    .returning();
  return row !== undefined && row.expiresAt > now ? row : null;
}

/** The live account linked to (issuer, subject), or null. */
export async function findUserByExternalIdentity(exec: Executor, issuer: string, subject: string): Promise<User | null> {
  const [row] = await exec
    .select(userColumns)
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(and(eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Links (issuer, subject) to the person, or refreshes the link's email and last sign-in. */
export async function linkExternalIdentity(
  exec: Executor,
  input: { userId: string; issuer: string; subject: string; email: string | null; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await exec
    .insert(externalIdentities)
    .values({ userId: input.userId, issuer: input.issuer, subject: input.subject, email: input.email, lastSignInAt: now })
    .onConflictDoUpdate({
      target: [externalIdentities.issuer, externalIdentities.subject],
      set: { email: input.email, lastSignInAt: now },
      // Never moves an identity from one person to another.
      setWhere: eq(externalIdentities.userId, input.userId),
    });
}
