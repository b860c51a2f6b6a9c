// POST /account/oidc/start: the provider's authorization URL, with state, nonce and PKCE kept here 10 minutes.
import type { RequestHandler } from 'express';
import * as client from 'openid-client';
import { z } from 'zod';
import { hashToken, saveLoginState } from '@svc/db';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../../deps';
import type { ExternalOidc } from './client';

const PENDING_MS = 10 * 60_000;
const SCOPE = 'openid email profile';

const startBody = z.object({
  redirect_uri: z.url().max(2048),
  /** A dashboard path to go back to; only relative paths, so sign-in never sends anyone off-site. */
  return_to: z
    .string()
    .max(2048)
    .regex(/^\/(?![/\\])[^\\]*$/, 'return_to must be a path on the dashboard')
    .optional(),
});

export function notConfigured(): Error {
  return fail.notFound('External sign-in is not configured');
}

export function startHandler(deps: ServerDeps, oidc: ExternalOidc | null): RequestHandler {
  const dashboardOrigin = new URL(deps.settings.auth.dashboardUrl).origin;
  return async (req, res, next) => {
    try {
      if (!oidc) throw notConfigured();
      const parsed = startBody.safeParse(req.body);
      if (!parsed.success) throw fail.validation('Give redirect_uri (and optionally return_to)', { issues: parsed.error.issues.map((i) => i.message) });
      const redirect = new URL(parsed.data.redirect_uri);
      // The code goes only to the dashboard, and the callback is compared by origin and path.
      if (redirect.origin !== dashboardOrigin || redirect.search !== '' || redirect.hash !== '') {
        throw fail.validation('redirect_uri must be an address on the dashboard without a query');
      }
      const config = await oidc.configuration();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      await saveLoginState(deps.database.db, {
        stateHash: hashToken(state),
        codeVerifier,
        nonce,
        redirectUri: redirect.href,
        returnTo: parsed.data.return_to ?? null,
        expiresAt: new Date(Date.now() + PENDING_MS),
      });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirect.href,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      res.json({ authorization_url: url.href });
    } catch (err) {
      next(err);
    }
  };
}
