// createApp(deps): the Express application without listening, so tests drive it on their own port.
import express from 'express';
import { accountDataRoutes } from './account/data';
import { accountAuthRoutes } from './account/routes';
import type { ServerDeps } from './deps';
import { accessLog } from './http/access-log';
import { clientAddress } from './http/client-address';
import { edgeCheck, edgeGuard } from './http/edge-guard';
import { errorResponder, notFoundRoute } from './http/errors';
import { headerLimit } from './http/header-limit';
import { healthRoutes } from './http/health';
import { parseJsonBody } from './http/json-body';
import { requestId } from './http/request-id';
import { sessionCookieGuard } from './http/session-cookie-guard';
import { mcpRoutes } from './mcp/http-route';
import { oauthRoutes } from './oauth';

export function createApp(deps: ServerDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(requestId());
  app.use(edgeCheck(deps.settings.edge.sharedSecret));
  app.use(clientAddress(deps.settings.edge.trustedClientIpHeader));
  app.use(accessLog(deps.logger, deps.metrics));
  // After the access log, so a refused direct call is still a logged request.
  app.use(edgeGuard());
  // Cookies before headers: clearing oversized session cookies is what lets a browser recover,
  // where a 413 would repeat on every page load.
  app.use(sessionCookieGuard(deps.settings.sessionCookiePrefix));
  app.use(headerLimit());
  app.use(healthRoutes(deps));
  app.use('/account', accountAuthRoutes(deps));
  // oidc-provider reads its own request bodies; the consent routes parse theirs.
  app.use(oauthRoutes(deps));
  // /mcp parses its own body after authentication, so an anonymous caller is answered 401 whatever it sent.
  app.use(mcpRoutes(deps));
  app.use(parseJsonBody());
  app.use(accountDataRoutes(deps));
  app.use(notFoundRoute());
  app.use(errorResponder(deps.logger));
  return app;
}
