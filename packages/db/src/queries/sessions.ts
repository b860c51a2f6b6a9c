// Sign-in sessions: dashboard sessions behind an opaque token, and agent sessions opened on consent.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Executor } from '../client/types';
import { authSessions } from '../schema/auth-sessions';
import { users } from '../schema/users';
import { hashToken, isStale } from './tokens';
import { userColumns, type User } from './users';

const SESSION_PREFIX = 'svs_';
/** `svs_` followed by base64url of 32 random bytes; distinct from API tokens (`svc_`) and JWTs. */
const SESSION_SHAPE = /^svs_[A-Za-z0-9_-]{43}$/;

export type AuthSession = Omit<typeof authSessions.$inferSelect, 'tokenHash'>;
export type Aal = 'aal1' | 'aal2';

const sessionColumns = {
  id: authSessions.id,
  userId: authSessions.userId,
  kind: authSessions.kind,
  aal: authSessions.aal,
  amr: authSessions.amr,
  clientId: authSessions.clientId,
  grantId: authSessions.grantId,
  createdAt: authSessions.createdAt,
  lastSeenAt: authSessions.lastSeenAt,
  expiresAt: authSessions.expiresAt,
  revokedAt: authSessions.revokedAt,
};

export function isSessionToken(value: string): boolean {
  return SESSION_SHAPE.test(value);
}

export interface CreatedSession {
  /** Shown once (it becomes the dashboard's cookie); only its hash is kept. */
  token: string;
  session: AuthSession;
}

export async function createDashboardSession(
  exec: Executor,
  input: { userId: string; amr: string[]; ttlMs: number; now?: Date },
): Promise<CreatedSession> {
  const token = SESSION_PREFIX + randomBytes(32).toString('base64url');
  const now = input.now ?? new Date();
  const [session] = await exec
    .insert(authSessions)
    .values({
      userId: input.userId,
      kind: 'dashboard',
      tokenHash: hashToken(token),
      aal: 'aal1',
      amr: input.amr,
      expiresAt: new Date(now.getTime() + input.ttlMs),
    })
    .returning(sessionColumns);
  if (session === undefined) throw new Error('insert into auth_sessions returned no row');
  return { token, session };
}

/** The session opened for an agent when a person allows it; complete (`aal2`) without a code. */
export async function createAgentSession(
  exec: Executor,
  input: { userId: string; clientId: string; grantId: string; ttlMs: number; now?: Date },
): Promise<AuthSession> {
  const now = input.now ?? new Date();
  const [session] = await exec
    .insert(authSessions)
    .values({
      userId: input.userId,
      kind: 'agent',
      aal: 'aal2',
      amr: ['consent'],
      clientId: input.clientId,
      grantId: input.grantId,
      expiresAt: new Date(now.getTime() + input.ttlMs),
    })
    .returning(sessionColumns);
  if (session === undefined) throw new Error('insert into auth_sessions returned no row');
  return session;
}

export interface LiveSession {
  session: AuthSession;
  user: User;
}

const live = (now: Date) =>
  and(isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now), isNull(users.deletedAt));

/**
 * The live session behind a dashboard token with its person, or null for an unknown, expired or
 * revoked one or a deleted account. Runs before anyone is authenticated: use the privileged executor.
 */
export async function findSessionByToken(exec: Executor, token: string, now = new Date()): Promise<LiveSession | null> {
  if (!isSessionToken(token)) return null;
  const [row] = await exec
    .select({ session: sessionColumns, user: userColumns })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.tokenHash, hashToken(token)), live(now)))
    .limit(1);
  return row ?? null;
}

/** The live agent session a grant's tokens act through. */
export async function findAgentSessionByGrant(
  exec: Executor,
  grantId: string,
  now = new Date(),
): Promise<LiveSession | null> {
  const [row] = await exec
    .select({ session: sessionColumns, user: userColumns })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.grantId, grantId), eq(authSessions.kind, 'agent'), live(now)))
    .orderBy(sql`${authSessions.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

/** Records a second factor on the session: it becomes `aal2` and the method joins `amr`. */
export async function raiseSessionAal(exec: Executor, sessionId: string, method: string): Promise<void> {
  await exec
    .update(authSessions)
    .set({ aal: 'aal2', amr: sql`array_append(${authSessions.amr}, ${method})` })
    .where(eq(authSessions.id, sessionId));
}

export async function touchSession(exec: Executor, sessionId: string, now = new Date()): Promise<void> {
  await exec.update(authSessions).set({ lastSeenAt: now }).where(eq(authSessions.id, sessionId));
}

/**
 * Whether the session was ever used: `last_seen_at` starts equal to `created_at` (both the insert's
 * time) and moves on the first use. Compared for inequality, not order, so a database clock ahead
 * of the server's cannot make a used session look unused.
 */
export function sessionUsed(session: Pick<AuthSession, 'createdAt' | 'lastSeenAt'>): boolean {
  return session.lastSeenAt.getTime() !== session.createdAt.getTime();
}

/**
 * Records a use of the session unless one was recorded within the last minute; true when it wrote.
 * The first use is always recorded, so "never used" turns into a time as soon as the agent calls.
 */
export async function touchSessionIfStale(exec: Executor, session: AuthSession, now = new Date()): Promise<boolean> {
  if (sessionUsed(session) && !isStale(session.lastSeenAt, now)) return false;
  await touchSession(exec, session.id, now);
  return true;
}

export async function revokeSession(exec: Executor, sessionId: string, now = new Date()): Promise<void> {
  await exec
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Revokes every live session of a person, optionally keeping one (the one asking). */
export async function revokeUserSessions(
  exec: Executor,
  userId: string,
  opts: { kind?: 'dashboard' | 'agent'; grantId?: string; exceptId?: string; now?: Date } = {},
): Promise<number> {
  const conditions = [eq(authSessions.userId, userId), isNull(authSessions.revokedAt)];
  if (opts.kind) conditions.push(eq(authSessions.kind, opts.kind));
  if (opts.grantId) conditions.push(eq(authSessions.grantId, opts.grantId));
  if (opts.exceptId) conditions.push(sql`${authSessions.id} <> ${opts.exceptId}`);
  const revoked = await exec
    .update(authSessions)
    .set({ revokedAt: opts.now ?? new Date() })
    .where(and(...conditions))
    .returning({ id: authSessions.id });
  return revoked.length;
}

export async function listAgentSessions(exec: Executor, userId: string, now = new Date()): Promise<AuthSession[]> {
  return exec
    .select(sessionColumns)
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.userId, userId), eq(authSessions.kind, 'agent'), live(now)))
    .orderBy(authSessions.createdAt);
}

/** Ends the agent session(s) a grant's tokens act through: the grant was revoked or its refresh token reused. */
export async function revokeGrantSessions(exec: Executor, grantId: string, now = new Date()): Promise<number> {
  const revoked = await exec
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.grantId, grantId), eq(authSessions.kind, 'agent'), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return revoked.length;
}
