// accountDataRoutes(deps): the dashboard's data API under /account/*, every route as the signed-in person.
import { Router, type RequestHandler } from 'express';
import { dashboardSession } from '../../auth/dashboard-session';
import type { ServerDeps } from '../../deps';
import { agentRoutes } from './agents';
import { boardRoutes } from './boards';
import { healthRoutes } from './health';
import { memoryRoutes } from './memories';
import { personRateLimit } from './person-rate-limit';
import { projectInvitationRoutes } from '../project-invitation-routes';
import { projectRoutes } from '../project-routes';
import { ruleAndProjectRoutes } from './rules';
import { tokenRoutes } from './tokens';
import { usageRoutes } from './usage';

/**
 * The guard is attached route by route, never to `/account` as a whole: sign-in, the session read
 * and the second-factor routes share the prefix and must stay reachable without a full session.
 */
export function accountDataRoutes(deps: ServerDeps): Router {
  // One middleware for both steps; a Router passes on to the route once its own stack is through.
  const guard: RequestHandler = Router().use(
    dashboardSession(deps.database, { errors: 'service' }),
    personRateLimit(deps, 'account-data'),
  );
  const router = Router();
  router.use(memoryRoutes(deps, guard));
  router.use(ruleAndProjectRoutes(deps, guard));
  router.use(projectRoutes(deps, guard));
  router.use(projectInvitationRoutes(deps, guard));
  router.use(boardRoutes(deps, guard));
  router.use(usageRoutes(deps, guard));
  router.use(agentRoutes(deps, guard));
  router.use(healthRoutes(deps, guard));
  router.use(tokenRoutes(deps, guard));
  return router;
}
