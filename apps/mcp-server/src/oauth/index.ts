// oauthRoutes(deps): the authorization server, its metadata and the consent API, mounted before any body parser.
import { Router } from 'express';
import type Provider from 'oidc-provider';
import { revokeGrantSessions } from '@svc/db';
import { oauthErrorBody } from '@svc/errors';
import type { ServerDeps } from '../deps';
import { authRateLimit, createAuthLimiter } from '../http/auth-rate-limit';
import { consentRoutes } from './consent-routes';
import { metadataRoutes } from './metadata-routes';
import { mountProvider } from './mount';
import { providerOutages } from './outage';
import { registrationCors } from './registration-cors';

export { verifyAccessToken, looksLikeJwt, mcpResource } from './access-token';
export { resourceMetadataUrl } from './metadata-routes';
export { createOAuthRuntime, type AgentSessionOpener, type OAuthRuntime } from './runtime';

/**
 * The provider is built on first use from `deps.publicUrl`: the issuer is only known once the
 * server listens (tests learn their port then), and is rebuilt should the address change.
 */
function lazyProvider(deps: ServerDeps): () => Promise<Provider> {
  let built: { publicUrl: string; provider: Promise<Provider> } | undefined;
  return () => {
    if (built?.publicUrl === deps.publicUrl) return built.provider;
    const publicUrl = deps.publicUrl;
    // Loaded on first use: processes that never serve OAuth (stdio, the CLI) do not load oidc-provider.
    const provider = Promise.all([deps.oauth.keys(), import('./provider')]).then(([keys, { buildProvider }]) => {
      const instance = buildProvider({
        publicUrl,
        settings: deps.settings.auth,
        cookiePrefix: deps.settings.sessionCookiePrefix,
        keys,
        database: deps.database,
        logger: deps.logger,
      });
      // oidc-provider drops a grant's records when a used refresh token comes back or a client
      // revokes; the agent session must end with them, or its access tokens would live on.
      instance.on('grant.revoked', (_ctx, grantId: string) => {
        revokeGrantSessions(deps.database.db, grantId).catch((err: unknown) => {
          deps.logger.error('agent_session_revoke_failed', { error: err instanceof Error ? err.message : String(err) });
        });
      });
      return instance;
    });
    const entry = { publicUrl, provider };
    // A failed build (keys unreadable) is retried on the next request.
    provider.catch(() => {
      if (built === entry) built = undefined;
    });
    built = entry;
    return provider;
  };
}

export function oauthRoutes(deps: ServerDeps): Router {
  const router = Router();
  const provider = lazyProvider(deps);
  // One bucket per client address for every OAuth route of this app, consent included.
  const limiter = createAuthLimiter(deps, 'auth-oauth', deps.settings.auth.ratePerMinute);

  router.use(metadataRoutes(() => deps.publicUrl));
  router.use(registrationCors());
  router.post('/oauth/authorize', (_req, res) => {
    res.status(404).json(oauthErrorBody('not_found', 'Authorization requests are GET only'));
  });
  router.use(/^\/oauth\/(authorize|token|register|revoke)(\/|$)/, authRateLimit(limiter, 'oauth'));
  router.use(consentRoutes({ deps, provider }));
  router.use(
    mountProvider({
      provider,
      publicUrl: () => deps.publicUrl,
      cookiePrefix: deps.settings.sessionCookiePrefix,
    }),
  );
  // The provider is built from keys kept in the database: a first request during an outage fails here.
  router.use(providerOutages(deps.logger));
  return router;
}
