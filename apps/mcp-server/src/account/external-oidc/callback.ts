// POST /account/oidc/callback: checks the provider's answer against the pending sign-in and opens a session.
import type { RequestHandler } from 'express';
import * as client from 'openid-client';
import { z } from 'zod';
import { consumeLoginState, hashToken } from '@svc/db';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../../deps';
import { openDashboardSession } from '../open-session';
import type { ExternalOidc } from './client';
import { resolveExternalAccount, type ExternalIdentity } from './link';
import { notConfigured } from './start';

const callbackBody = z.object({ callback_url: z.url().max(8192) });

const stringClaim = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
/** Some providers send the boolean as a string. */
const trueClaim = (value: unknown): boolean => value === true || value === 'true';

/**
 * Runs the code grant. What the provider or the checks refuse is the caller's failed sign-in; a
 * TypeError (the provider unreachable, a bug here) is left to become `internal`.
 */
async function exchange(oidc: ExternalOidc, url: URL, pending: { codeVerifier: string; nonce: string }, state: string) {
  const config = await oidc.configuration();
  try {
    const tokens = await client.authorizationCodeGrant(config, url, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    return { config, tokens };
  } catch (err) {
    if (err instanceof TypeError) throw err;
    const reason = (err as { code?: unknown; error?: unknown }).error ?? (err as { code?: unknown }).code;
    throw fail.validation('The identity provider did not confirm the sign-in', { reason: String(reason ?? 'unknown') }, err);
  }
}

async function identityOf(oidc: ExternalOidc, url: URL, pending: { codeVerifier: string; nonce: string }, state: string): Promise<ExternalIdentity> {
  const { config, tokens } = await exchange(oidc, url, pending, state);
  const claims = tokens.claims();
  if (!claims) throw fail.validation('The identity provider sent no ID token');
  let profile: Record<string, unknown> = claims;
  // Providers that keep the email out of the ID token give it on the userinfo endpoint.
  if (stringClaim(claims.email) === null && config.serverMetadata().userinfo_endpoint) {
    profile = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
  }
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: stringClaim(profile.email),
    emailVerified: trueClaim(profile.email_verified),
    name: stringClaim(profile.name),
  };
}

export function callbackHandler(deps: ServerDeps, oidc: ExternalOidc | null): RequestHandler {
  return async (req, res, next) => {
    try {
      if (!oidc) throw notConfigured();
      const parsed = callbackBody.safeParse(req.body);
      if (!parsed.success) throw fail.validation('Give callback_url, the address the provider sent the browser to');
      const url = new URL(parsed.data.callback_url);
      const state = url.searchParams.get('state');
      if (state === null || state === '') throw fail.validation('The callback carries no state');
      // Consumed before anything else: a replayed or forged state never reaches the provider.
      const pending = await consumeLoginState(deps.database.db, hashToken(state));
      if (!pending) throw fail.validation('This sign-in expired or was already used; start again');
      const expected = new URL(pending.redirectUri);
      if (url.origin !== expected.origin || url.pathname !== expected.pathname) {
        throw fail.validation('The callback address is not the one the sign-in started with');
      }
      const user = await resolveExternalAccount(deps.database, await identityOf(oidc, url, pending, state));
      const answer = await openDashboardSession(deps.database, {
        user,
        method: 'oidc',
        ttlHours: deps.settings.auth.dashboardSessionTtlHours,
      });
      res.json({ ...answer, return_to: pending.returnTo });
    } catch (err) {
      next(err);
    }
  };
}
