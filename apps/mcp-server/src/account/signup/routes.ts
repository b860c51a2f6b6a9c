// First run and later accounts: /account/setup while no account exists, /account/signup with an
// invitation (or without one when SIGNUP_OPEN is set). Each signs the new person in at once.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  acceptInvitation,
  findOpenInvitation,
  hasAnyAccount,
  whileNoAccount,
  type Database,
} from '@svc/db';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../../deps';
import { openDashboardSession } from '../open-session';
import { makeAccount, prepareAccount } from './new-account';

const invitationQuery = z.object({ invitation: z.string().max(100).optional() });
const signupBody = z.object({ invitation: z.string().max(100).optional() }).loose();

/** What /signup may say about a link: never who made it, only the address it is for and when it ends. */
async function invitationState(database: Database, code: string | undefined) {
  if (!code) return null;
  const found = await findOpenInvitation(database.db, code);
  return found ? { email: found.email, expires_at: found.expiresAt.toISOString() } : null;
}

export function signupRoutes(deps: ServerDeps, open: RequestHandler[]): Router {
  const { database } = deps;
  const ttlHours = deps.settings.auth.dashboardSessionTtlHours;
  const router = Router();

  // The two reads are free of the per-address sign-in budget: the dashboard asks them from its own
  // address on every sign-in page, and they reveal nothing a 256-bit invitation code could be guessed by.
  router.get('/setup', async (_req, res, next) => {
    try {
      res.json({ needed: !(await hasAnyAccount(database.db)) });
    } catch (err) {
      next(err);
    }
  });

  router.post('/setup', ...open, async (req, res, next) => {
    try {
      const account = await prepareAccount(req.body);
      // Two setups at once queue on one lock: the second sees the first's account and is refused.
      const user = await database.system((tx) =>
        whileNoAccount(tx, () => makeAccount(tx, account, 'setup', { owner: true })),
      );
      if (!user)
        throw fail.conflict(
          'This instance already has an account; sign in, or ask its owner for an invitation',
        );
      res
        .status(201)
        .json(await openDashboardSession(database, { user, method: 'password', ttlHours }));
    } catch (err) {
      next(err);
    }
  });

  router.get('/signup', async (req, res, next) => {
    try {
      const query = invitationQuery.safeParse(req.query);
      if (!query.success) throw fail.validation('invitation: expected the code from the link');
      res.json({
        open: deps.settings.auth.signupOpen,
        needs_setup: !(await hasAnyAccount(database.db)),
        invitation: await invitationState(database, query.data.invitation),
      });
    } catch (err) {
      next(err);
    }
  });

  router.post('/signup', ...open, async (req, res, next) => {
    try {
      const { invitation } = signupBody.parse(req.body ?? {});
      if (!invitation && !deps.settings.auth.signupOpen) {
        throw fail.forbidden(
          'Sign-up is by invitation only; ask the owner of this instance for a link',
        );
      }
      const account = await prepareAccount(req.body);
      const user = await database.system(async (tx) => {
        if (invitation) {
          const found = await findOpenInvitation(tx, invitation);
          if (!found)
            throw fail.validation(
              'This invitation link has expired, was already used or was withdrawn',
            );
          if (found.email && found.email.toLowerCase() !== account.email.toLowerCase()) {
            throw fail.validation(`This invitation is for ${found.email}; use that address`, {
              field: 'email',
            });
          }
          const made = await makeAccount(tx, account, 'invitation', { invitation_id: found.id });
          // Spent in the same transaction: of two sign-ups on one link, the second rolls back here.
          if (!(await acceptInvitation(tx, invitation, made.id))) {
            throw fail.validation(
              'This invitation link has expired, was already used or was withdrawn',
            );
          }
          return made;
        }
        return makeAccount(tx, account, 'signup');
      });
      res
        .status(201)
        .json(await openDashboardSession(database, { user, method: 'password', ttlHours }));
    } catch (err) {
      next(err);
    }
  });

  return router;
}
