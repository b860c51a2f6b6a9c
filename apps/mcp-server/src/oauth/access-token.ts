// Verifies a JWT access token for `/mcp` (signature, issuer, audience, expiry) and the agent session it acts through.
import { createLocalJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { findAgentSessionByGrant, touchSessionIfStale, type Database } from '@svc/db';
import type { Caller } from '../auth/caller';
import type { OAuthKeys } from './keys';

/** The claim the authorization server adds so the resource server finds the grant's agent session. */
export const GRANT_CLAIM = 'grant_id';

/** A compact JWS: three base64url parts. API tokens (`svc_…`) and session tokens (`svs_…`) never match. */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
}

export function mcpResource(publicUrl: string): string {
  return `${publicUrl}/mcp`;
}

export interface AccessTokenContext {
  database: Database;
  publicUrl: string;
  keys(): Promise<OAuthKeys>;
}

/** The person the token acts as, or null for any token that is not valid now. */
export async function verifyAccessToken(
  ctx: AccessTokenContext,
  token: string,
): Promise<Caller | null> {
  const { verifying } = await ctx.keys();
  let payload;
  try {
    ({ payload } = await jwtVerify(token, createLocalJWKSet(verifying), {
      issuer: ctx.publicUrl,
      audience: mcpResource(ctx.publicUrl),
      algorithms: ['ES256'],
      typ: 'at+jwt',
    }));
  } catch (err) {
    // Bad signature, wrong issuer or audience, expiry, malformed: all the caller's; anything else is ours.
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
  const grantId = payload[GRANT_CLAIM];
  if (typeof grantId !== 'string' || typeof payload.sub !== 'string') return null;
  // Revoking the agent session (or the account) ends every token of its grant, however fresh.
  const live = await findAgentSessionByGrant(ctx.database.db, grantId);
  if (!live || live.user.id !== payload.sub) return null;
  if (typeof payload.client_id === 'string' && live.session.clientId !== payload.client_id)
    return null;
  // "Last used" on the dashboard's agents list; written at most once a minute per agent.
  await touchSessionIfStale(ctx.database.db, live.session);
  return { userId: live.user.id, email: live.user.email, aal: 'aal2', via: 'oauth' };
}
