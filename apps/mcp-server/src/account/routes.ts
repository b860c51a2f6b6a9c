// accountAuthRoutes(deps): sign-in, first-run setup and sign-up, invitations, sessions, the second factor, external sign-in and account deletion.
import { Router } from 'express';
import type { ServerDeps } from '../deps';
import { deleteAccountHandler } from './delete-account';
import { externalOidcRoutes } from './external-oidc/routes';
import { accountGuards } from './guards';
import { loginHandler } from './login';
import { createCodeAttempts, createLoginAttempts } from './login-attempts';
import { mfaRoutes } from './mfa/routes';
import { createPasswordChecker } from './password';
import { sessionRoutes } from './session-routes';
import { invitationRoutes } from './signup/invitations';
import { signupRoutes } from './signup/routes';

/**
 * Mount at `/account`. Guards sit on each route rather than on the router, so requests for the
 * other `/account/*` routes (the data routes) pass through without spending a point here.
 */
export function accountAuthRoutes(deps: ServerDeps): Router {
  const guards = accountGuards(deps);
  const router = Router();
  router.post('/login', ...guards.open, loginHandler(deps, createPasswordChecker(), createLoginAttempts(deps)));
  router.use(externalOidcRoutes(deps, guards.open));
  router.use(sessionRoutes(deps.database, guards.incomplete));
  router.use(mfaRoutes(deps.database, guards, createCodeAttempts(deps)));
  router.use(signupRoutes(deps, guards.open));
  router.use(invitationRoutes(deps, guards.complete));
  router.delete('/', ...guards.complete, deleteAccountHandler(deps.database));
  return router;
}
