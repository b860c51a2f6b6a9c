// The consent state of authorization requests (pending → deciding → answered) and people's standing consents.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { oauthAuthorizations, oauthConsents, type Database } from '@svc/db';

export type AuthorizationRow = typeof oauthAuthorizations.$inferSelect;

export interface AuthorizationSeed {
  uid: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  resource: string;
  expiresAt: Date;
}

/**
 * The request as `userId` may see it: recorded on first sight, owned by its first signed-in reader.
 * Null when it has expired, was answered, or belongs to someone else: all the same 404 to the caller.
 */
export async function openAuthorization(
  database: Database,
  seed: AuthorizationSeed,
  userId: string,
): Promise<AuthorizationRow | null> {
  const { db } = database;
  await db.insert(oauthAuthorizations).values(seed).onConflictDoNothing();
  await db
    .update(oauthAuthorizations)
    .set({ openedBy: userId })
    .where(and(eq(oauthAuthorizations.uid, seed.uid), isNull(oauthAuthorizations.openedBy)));
  const [row] = await db
    .select()
    .from(oauthAuthorizations)
    .where(
      and(eq(oauthAuthorizations.uid, seed.uid), gt(oauthAuthorizations.expiresAt, new Date())),
    );
  if (!row || row.openedBy !== userId || row.state === 'answered') return null;
  return row;
}

/** Takes the request for one decision with a conditional update, so two decisions never both proceed. */
export async function claimDecision(
  database: Database,
  uid: string,
  userId: string,
): Promise<'claimed' | 'busy' | 'gone'> {
  const { db } = database;
  const claimed = await db
    .update(oauthAuthorizations)
    .set({ state: 'deciding' })
    .where(
      and(
        eq(oauthAuthorizations.uid, uid),
        eq(oauthAuthorizations.state, 'pending'),
        eq(oauthAuthorizations.openedBy, userId),
        gt(oauthAuthorizations.expiresAt, new Date()),
      ),
    )
    .returning({ uid: oauthAuthorizations.uid });
  if (claimed.length > 0) return 'claimed';
  const [row] = await db.select().from(oauthAuthorizations).where(eq(oauthAuthorizations.uid, uid));
  return row?.state === 'deciding' && row.openedBy === userId ? 'busy' : 'gone';
}

/** A decision that could not finish hands the request back. */
export async function releaseDecision(database: Database, uid: string): Promise<void> {
  await database.db
    .update(oauthAuthorizations)
    .set({ state: 'pending' })
    .where(and(eq(oauthAuthorizations.uid, uid), eq(oauthAuthorizations.state, 'deciding')));
}

export async function markAnswered(
  database: Database,
  uid: string,
  decision: 'allow' | 'deny',
): Promise<void> {
  await database.db
    .update(oauthAuthorizations)
    .set({ state: 'answered', decision, answeredAt: sql`now()` })
    .where(eq(oauthAuthorizations.uid, uid));
}

/**
 * The return address a standing consent is kept for. A loopback address loses its port: a native
 * client listens wherever a port is free, and RFC 8252 §7.3 matches it on any port.
 */
export function consentAddress(redirectUri: string): string {
  const parsed = URL.parse(redirectUri);
  if (
    !parsed ||
    parsed.protocol !== 'http:' ||
    !['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname)
  ) {
    return redirectUri;
  }
  parsed.port = '';
  return parsed.href;
}

export interface ConsentKey {
  userId: string;
  clientId: string;
  redirectUri: string;
}

function consentWhere(key: ConsentKey) {
  return and(
    eq(oauthConsents.userId, key.userId),
    eq(oauthConsents.clientId, key.clientId),
    eq(oauthConsents.redirectUri, consentAddress(key.redirectUri)),
  );
}

export async function hasStandingConsent(database: Database, key: ConsentKey): Promise<boolean> {
  const rows = await database.db
    .select({ userId: oauthConsents.userId })
    .from(oauthConsents)
    .where(consentWhere(key))
    .limit(1);
  return rows.length > 0;
}

export async function recordConsent(
  database: Database,
  key: ConsentKey,
  scope: string,
): Promise<void> {
  await database.db
    .insert(oauthConsents)
    .values({ ...key, redirectUri: consentAddress(key.redirectUri), scope, lastUsedAt: new Date() })
    .onConflictDoUpdate({
      target: [oauthConsents.userId, oauthConsents.clientId, oauthConsents.redirectUri],
      set: { scope, lastUsedAt: new Date() },
    });
}
