// Turns a presented bearer credential into a caller: a service API token or an OAuth access token (JWT).
import { findLiveApiToken, type Database } from '@svc/db';
import { looksLikeJwt, verifyAccessToken } from '../oauth/access-token';
import type { OAuthKeys } from '../oauth/keys';
import type { Caller } from './caller';
import { tokenCacheOf } from './token-cache';

/** What an OAuth access token is checked against; absent where only API tokens are accepted (stdio). */
export interface BearerOAuth {
  publicUrl: string;
  keys(): Promise<OAuthKeys>;
}

export async function verifyBearer(
  database: Database,
  token: string,
  oauth?: BearerOAuth,
): Promise<Caller | null> {
  if (looksLikeJwt(token)) {
    return oauth
      ? verifyAccessToken({ database, publicUrl: oauth.publicUrl, keys: oauth.keys }, token)
      : null;
  }
  // Under many sessions the lookup was a database round trip on every call (see token-cache.ts).
  const cache = tokenCacheOf(database);
  const cached = cache.get(token);
  if (cached) return cached;
  const lookedUpAt = cache.generation;
  const live = await findLiveApiToken(database.db, token);
  if (!live) return null;
  // API tokens are minted by the account holder on the CLI, so they count as a complete session.
  const caller: Caller = { userId: live.user.id, email: live.user.email, aal: 'aal2', via: 'api_token' };
  cache.put(token, { caller, tokenId: live.tokenId, expiresAt: live.expiresAt }, lookedUpAt);
  return caller;
}
