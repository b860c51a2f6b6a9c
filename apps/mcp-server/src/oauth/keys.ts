// The authorization server's signing key and cookie keys: made once, kept in `service_keys`, so a restart keeps tokens valid.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { serviceKeys, type Database } from '@svc/db';

const SIGNING_KEYS = 'oauth_signing_jwks';
const COOKIE_KEYS = 'oauth_cookie_keys';

export interface OAuthKeys {
  /** Private JWK Set handed to oidc-provider (ES256, one key). */
  signing: { keys: JWK[] };
  /** The same keys without private parts: what `/oauth/jwks` publishes and `/mcp` verifies with. */
  verifying: { keys: JWK[] };
  /** Keys that sign the provider's cookies. */
  cookies: string[];
}

async function makeSigningKeys(): Promise<{ keys: JWK[] }> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'ES256', use: 'sig' }] };
}

/**
 * The value stored under `name`, storing `make()` first when absent. Insert-if-absent then read,
 * so two instances starting together agree on the one value that won.
 */
async function ensureKey<T>(database: Database, name: string, make: () => Promise<T>): Promise<T> {
  const read = async () => {
    const [row] = await database.db
      .select({ value: serviceKeys.value })
      .from(serviceKeys)
      .where(eq(serviceKeys.name, name));
    return row?.value as T | undefined;
  };
  const existing = await read();
  if (existing !== undefined) return existing;
  await database.db
    .insert(serviceKeys)
    .values({ name, value: await make() })
    .onConflictDoNothing();
  const stored = await read();
  if (stored === undefined) throw new Error(`service key ${name} was not stored`);
  return stored;
}

function publicPart(jwk: JWK): JWK {
  const { kty, crv, x, y, kid, alg, use } = jwk;
  return { kty, crv, x, y, kid, alg, use };
}

export async function loadOAuthKeys(database: Database): Promise<OAuthKeys> {
  const signing = await ensureKey(database, SIGNING_KEYS, makeSigningKeys);
  const cookies = await ensureKey(database, COOKIE_KEYS, () =>
    Promise.resolve([randomBytes(32).toString('base64url')]),
  );
  return { signing, verifying: { keys: signing.keys.map(publicPart) }, cookies };
}
