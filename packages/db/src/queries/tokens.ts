// API tokens: minted once in plaintext, stored only as a SHA-256 hash, checked on every request.
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../client/types';
import { apiTokens } from '../schema/api-tokens';
import { users } from '../schema/users';
import { userColumns, type User } from './users';

const TOKEN_PREFIX = 'svc_';
/** `svc_` followed by base64url of 32 random bytes (43 characters). */
const TOKEN_SHAPE = /^svc_[A-Za-z0-9_-]{43}$/;

/**
 * Last use is recorded at most once a minute per credential: a busy agent would otherwise turn every
 * request into a write, and "last used" only needs to be right to the minute.
 */
export const LAST_USE_RESOLUTION_MS = 60_000;

export function isStale(lastUsed: Date | null, now: Date): boolean {
  return lastUsed === null || now.getTime() - lastUsed.getTime() >= LAST_USE_RESOLUTION_MS;
}

export function hashToken(plaintext: string): string {
  return createHash('sha256').update(plaintext, 'utf8').digest('hex');
}

export type ApiToken = Omit<typeof apiTokens.$inferSelect, 'tokenHash'>;

const tokenColumns = {
  id: apiTokens.id,
  userId: apiTokens.userId,
  name: apiTokens.name,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  expiresAt: apiTokens.expiresAt,
  revokedAt: apiTokens.revokedAt,
};

export interface CreatedApiToken {
  /** Shown once; only its hash is kept. */
  token: string;
  record: ApiToken;
}

export async function createApiToken(
  exec: Executor,
  userId: string,
  opts: { name?: string; expiresAt?: Date } = {},
): Promise<CreatedApiToken> {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const [record] = await exec
    .insert(apiTokens)
    .values({ userId, tokenHash: hashToken(token), name: opts.name ?? null, expiresAt: opts.expiresAt ?? null })
    .returning(tokenColumns);
  if (record === undefined) throw new Error('insert into api_tokens returned no row');
  return { token, record };
}

/** A live token as the bearer check needs it: whose it is, which one, and until when it holds. */
export interface LiveApiToken {
  user: User;
  tokenId: string;
  expiresAt: Date | null;
}

/**
 * The live token `plaintext` names, or null for an unknown, revoked or expired token or a deleted
 * account. Runs before anyone is authenticated, so call it on the privileged executor.
 */
export async function findLiveApiToken(exec: Executor, plaintext: string): Promise<LiveApiToken | null> {
  if (!TOKEN_SHAPE.test(plaintext)) return null;
  const now = new Date();
  const [row] = await exec
    .select({ tokenId: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt, expiresAt: apiTokens.expiresAt, user: userColumns })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, hashToken(plaintext)),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (row === undefined) return null;
  if (isStale(row.lastUsedAt, now)) {
    await exec.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.tokenId));
  }
  return { user: row.user, tokenId: row.tokenId, expiresAt: row.expiresAt };
}

/** The user a live token belongs to, or null (see findLiveApiToken). */
export async function verifyApiToken(exec: Executor, plaintext: string): Promise<User | null> {
  return (await findLiveApiToken(exec, plaintext))?.user ?? null;
}

/** Revokes a token of `userId`; false when there is no such live token. */
export async function revokeApiToken(exec: Executor, userId: string, tokenId: string): Promise<boolean> {
  const revoked = await exec
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length > 0;
}

export async function listApiTokens(exec: Executor, userId: string): Promise<ApiToken[]> {
  return exec.select(tokenColumns).from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(apiTokens.createdAt);
}
