// Second factors: pending and verified TOTP factors, their replay guard and single-use recovery codes.
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../client/types';
import { mfaFactors, mfaRecoveryCodes } from '../schema/mfa-factors';
import { users } from '../schema/users';

export type MfaFactor = typeof mfaFactors.$inferSelect;

/** A new unverified factor; earlier unverified ones of the person are dropped (one enrolment at a time). */
export async function createPendingFactor(exec: Executor, userId: string, secret: string): Promise<MfaFactor> {
  return exec.transaction(async (tx) => {
    await tx.delete(mfaFactors).where(and(eq(mfaFactors.userId, userId), isNull(mfaFactors.verifiedAt)));
    const [factor] = await tx.insert(mfaFactors).values({ userId, secret }).returning();
    if (factor === undefined) throw new Error('insert into mfa_factors returned no row');
    return factor;
  });
}

export async function findFactor(exec: Executor, userId: string, factorId: string): Promise<MfaFactor | null> {
  const [row] = await exec
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function findVerifiedFactor(exec: Executor, userId: string): Promise<MfaFactor | null> {
  const [row] = await exec
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.verifiedAt)))
    .orderBy(sql`${mfaFactors.verifiedAt} desc`)
    .limit(1);
  return row ?? null;
}

/**
 * Records `step` as the factor's last accepted step, only when it is later than the one stored:
 * the conditional update is what makes a replayed code lose, even against a concurrent request.
 */
export async function claimTotpStep(exec: Executor, factorId: string, step: number): Promise<boolean> {
  const claimed = await exec
    .update(mfaFactors)
    .set({ lastUsedStep: step })
    .where(and(eq(mfaFactors.id, factorId), or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, step))))
    .returning({ id: mfaFactors.id });
  return claimed.length > 0;
}

/** Makes the factor the person's only one and marks the account enrolled. Run in a transaction. */
export async function verifyFactor(exec: Executor, factor: MfaFactor, step: number, now = new Date()): Promise<void> {
  await exec
    .delete(mfaFactors)
    .where(and(eq(mfaFactors.userId, factor.userId), sql`${mfaFactors.id} <> ${factor.id}`));
  await exec.update(mfaFactors).set({ verifiedAt: now, lastUsedStep: step }).where(eq(mfaFactors.id, factor.id));
  await exec.update(users).set({ mfaEnrolledAt: now }).where(eq(users.id, factor.userId));
}

/** Replaces every recovery code of the person: the old ones stop working. */
export async function replaceRecoveryCodes(exec: Executor, userId: string, codeHashes: string[]): Promise<void> {
  await exec.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  if (codeHashes.length > 0) {
    await exec.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/** Spends an unused recovery code; false when there is none with this hash. */
export async function useRecoveryCode(exec: Executor, userId: string, codeHash: string, now = new Date()): Promise<boolean> {
  const used = await exec
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, codeHash), isNull(mfaRecoveryCodes.usedAt)),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return used.length > 0;
}

/** Removes the factors and recovery codes; the account no longer needs a second factor. */
export async function removeSecondFactor(exec: Executor, userId: string): Promise<void> {
  await exec.delete(mfaFactors).where(eq(mfaFactors.userId, userId));
  await exec.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await exec.update(users).set({ mfaEnrolledAt: null }).where(eq(users.id, userId));
}
