// Invitations: minted once in plaintext for the link, stored only as a SHA-256 hash, spent by one sign-up.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Executor } from '../client/types';
import { invitations } from '../schema/invitations';
import { rowsOf } from './rows';
import { hashToken } from './tokens';

const INVITATION_PREFIX = 'svi_';
/** `svi_` followed by base64url of 32 random bytes; distinct from API (`svc_`) and session (`svs_`) tokens. */
const INVITATION_SHAPE = /^svi_[A-Za-z0-9_-]{43}$/;

export type Invitation = Omit<typeof invitations.$inferSelect, 'tokenHash'>;

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  createdBy: invitations.createdBy,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  acceptedAt: invitations.acceptedAt,
  acceptedBy: invitations.acceptedBy,
  revokedAt: invitations.revokedAt,
};

export function isInvitationCode(value: string): boolean {
  return INVITATION_SHAPE.test(value);
}

export interface CreatedInvitation {
  /** Goes into the link shown once; only its hash is kept. */
  code: string;
  invitation: Invitation;
}

export async function createInvitation(
  exec: Executor,
  input: { createdBy: string; email?: string | null; ttlMs: number; now?: Date },
): Promise<CreatedInvitation> {
  const code = INVITATION_PREFIX + randomBytes(32).toString('base64url');
  const now = input.now ?? new Date();
  const [invitation] = await exec
    .insert(invitations)
    .values({
      tokenHash: hashToken(code),
      email: input.email?.trim() || null,
      createdBy: input.createdBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.ttlMs),
    })
    .returning(invitationColumns);
  if (invitation === undefined) throw new Error('insert into invitations returned no row');
  return { code, invitation };
}

const open = (now: Date) =>
  and(
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, now),
  );

/** The invitation behind a link that can still be accepted, or null (unknown, spent, revoked, expired). */
export async function findOpenInvitation(
  exec: Executor,
  code: string,
  now = new Date(),
): Promise<Invitation | null> {
  if (!isInvitationCode(code)) return null;
  const [row] = await exec
    .select(invitationColumns)
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashToken(code)), open(now)))
    .limit(1);
  return row ?? null;
}

/**
 * Spends the invitation for the account just made, in the same transaction as the account: of two
 * sign-ups racing on one link, only the first update matches and the other finds nothing.
 */
export async function acceptInvitation(
  exec: Executor,
  code: string,
  userId: string,
  now = new Date(),
): Promise<boolean> {
  if (!isInvitationCode(code)) return false;
  const spent = await exec
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(invitations.tokenHash, hashToken(code)), open(now)))
    .returning({ id: invitations.id });
  return spent.length > 0;
}

/** Every invitation an account made, newest first (the dashboard shows their state). */
export async function listInvitations(
  exec: Executor,
  createdBy: string,
  limit = 50,
): Promise<Invitation[]> {
  return exec
    .select(invitationColumns)
    .from(invitations)
    .where(eq(invitations.createdBy, createdBy))
    .orderBy(desc(invitations.createdAt))
    .limit(limit);
}

/** Withdraws an open invitation of `createdBy`; false when there is no such open one. */
export async function revokeInvitation(
  exec: Executor,
  createdBy: string,
  id: string,
  now = new Date(),
): Promise<boolean> {
  const revoked = await exec
    .update(invitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.createdBy, createdBy),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .returning({ id: invitations.id });
  return revoked.length > 0;
}

/** Key of the transaction lock first-account setups take, so two at once make one owner. */
const FIRST_ACCOUNT_LOCK = 0x5f5e7550;

/**
 * Runs `make` only if the instance has no live account, holding a transaction-scoped lock so that
 * concurrent callers queue: the second one sees the first one's account and gets null. Call it
 * inside a transaction (`database.system`).
 */
export async function whileNoAccount<T>(tx: Executor, make: () => Promise<T>): Promise<T | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`);
  const found = rowsOf(await tx.execute(sql`select 1 from users where deleted_at is null limit 1`));
  if (found.length > 0) return null;
  return make();
}

/** Whether the instance has any live account yet (the dashboard offers /setup until it does). */
export async function hasAnyAccount(exec: Executor): Promise<boolean> {
  return (
    rowsOf(await exec.execute(sql`select 1 from users where deleted_at is null limit 1`)).length > 0
  );
}

/** The instance's owner: its longest-standing live account (the one /setup or the first `user add` made). */
export async function instanceOwnerId(exec: Executor): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await exec.execute(
      sql`select id from users where deleted_at is null order by created_at, id limit 1`,
    ),
  );
  return row?.id ?? null;
}
