// The external sign-in routes under /account/oidc; the provider is discovered on first use.
import { Router, type RequestHandler } from 'express';
import type { ServerDeps } from '../../deps';
import { callbackHandler } from './callback';
import { createExternalOidc } from './client';
import { startHandler } from './start';

export function externalOidcRoutes(deps: ServerDeps, guard: RequestHandler[]): Router {
  const settings = deps.settings.auth.externalOidc;
  const oidc = settings ? createExternalOidc(settings) : null;
  const router = Router();
  router.get('/oidc', ...guard, (_req, res) => {
    res.json({ enabled: oidc !== null, name: settings?.name ?? null });
  });
  router.post('/oidc/start', ...guard, startHandler(deps, oidc));
  router.post('/oidc/callback', ...guard, callbackHandler(deps, oidc));
  return router;
}
