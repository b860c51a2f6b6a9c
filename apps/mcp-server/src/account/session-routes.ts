// GET /account/session and POST /account/logout: what the dashboard asks on each request, and sign-out.
import { Router, type RequestHandler } from 'express';
import { revokeSession, type Database } from '@svc/db';
import { dashboardLocals } from '../auth/dashboard-session';
import { userBody } from './open-session';

/**
 * Both routes sit behind the `incomplete` guards: the dashboard must learn that the second factor
 * is needed, and a person must be able to leave before giving it.
 */
export function sessionRoutes(database: Database, incomplete: RequestHandler[]): Router {
  const router = Router();

  router.get('/session', ...incomplete, (_req, res) => {
    const { live, mfaRequired } = dashboardLocals(res);
    res.json({
      user: userBody(live.user),
      aal: live.session.aal,
      amr: live.session.amr,
      mfa_enrolled: live.user.mfaEnrolledAt !== null,
      mfa_required: mfaRequired,
      expires_at: live.session.expiresAt.toISOString(),
    });
  });

  router.post('/logout', ...incomplete, async (_req, res, next) => {
    try {
      await revokeSession(database.db, dashboardLocals(res).live.session.id);
      res.status(204).end();
    } catch (err) {
      next(err);
    }
  });

  return router;
}
