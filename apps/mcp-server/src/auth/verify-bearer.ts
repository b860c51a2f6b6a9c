// Turns a presented bearer credential into a caller: a service API token or an OAuth access token (JWT).
import { verifyApiToken, type Database } from '@svc/db';
import { looksLikeJwt, verifyAccessToken } from '../oauth/access-token';
import type { OAuthKeys } from '../oauth/keys';
import type { Caller } from './caller';

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
  const user = await verifyApiToken(database.db, token);
  if (!user) return null;
  // API tokens are minted by the account holder on the CLI, so they count as a complete session.
  return { userId: user.id, email: user.email, aal: 'aal2', via: 'api_token' };
}
