// The owner's invitations under /account/invitations: make one (the link is in the answer once), list, withdraw.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  createInvitation,
  instanceOwnerId,
  listInvitations,
  revokeInvitation,
  type Invitation,
} from '@svc/db';
import { fail } from '@svc/errors';
import { dashboardLocals } from '../../auth/dashboard-session';
import type { ServerDeps } from '../../deps';
import { recordAudit } from '../../usage/audit-log';
import { parseInput } from '../data/person';

const DEFAULT_DAYS = 7;
const createBody = z.object({
  email: z
    .string()
    .trim()
    .min(3)
    .max(320)
    .regex(/^[^\s@]+@[^\s@]+$/, 'not an email address')
    .optional(),
  expires_in_days: z.coerce.number().int().min(1).max(30).default(DEFAULT_DAYS),
});
const idParams = z.object({ id: z.uuid() });

function state(i: Invitation, now: Date): 'accepted' | 'revoked' | 'expired' | 'open' {
  if (i.acceptedAt) return 'accepted';
  if (i.revokedAt) return 'revoked';
  return i.expiresAt <= now ? 'expired' : 'open';
}

function body(i: Invitation, now = new Date()) {
  return {
    id: i.id,
    email: i.email,
    created_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
    state: state(i, now),
    accepted_at: i.acceptedAt?.toISOString() ?? null,
  };
}

/** Only the instance's owner invites: the longest-standing account, the one setup made. */
function ownerOnly(deps: ServerDeps): RequestHandler {
  return async (_req, res, next) => {
    try {
      const userId = dashboardLocals(res).live.user.id;
      if ((await instanceOwnerId(deps.database.db)) !== userId) {
        throw fail.forbidden('Only the owner of this instance can invite people');
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

export function invitationRoutes(deps: ServerDeps, complete: RequestHandler[]): Router {
  const { database } = deps;
  const router = Router();
  const guard = [...complete, ownerOnly(deps)];

  router.get('/invitations', ...guard, async (_req, res, next) => {
    try {
      const mine = await listInvitations(database.db, dashboardLocals(res).live.user.id);
      const now = new Date();
      res.json({
        invitations: mine.map((i) => body(i, now)),
        signup_open: deps.settings.auth.signupOpen,
      });
    } catch (err) {
      next(err);
    }
  });

  router.post('/invitations', ...guard, async (req, res, next) => {
    try {
      const input = parseInput(createBody, req.body ?? {});
      const userId = dashboardLocals(res).live.user.id;
      const made = await database.system(async (tx) => {
        const created = await createInvitation(tx, {
          createdBy: userId,
          email: input.email ?? null,
          ttlMs: input.expires_in_days * 86_400_000,
        });
        await recordAudit(tx, {
          action: 'invitation_created',
          target: { type: 'invitation', id: created.invitation.id },
          userId,
          details: { days: input.expires_in_days, for_address: input.email !== undefined },
        });
        return created;
      });
      // The code appears here only; the dashboard builds the link from it and shows it once.
      res.status(201).json({ invitation: body(made.invitation), code: made.code });
    } catch (err) {
      next(err);
    }
  });

  router.delete('/invitations/:id', ...guard, async (req, res, next) => {
    try {
      const { id } = parseInput(idParams, req.params);
      const userId = dashboardLocals(res).live.user.id;
      const withdrawn = await database.system(async (tx) => {
        const done = await revokeInvitation(tx, userId, id);
        if (done) {
          await recordAudit(tx, {
            action: 'invitation_revoked',
            target: { type: 'invitation', id },
            userId,
          });
        }
        return done;
      });
      if (!withdrawn) throw fail.notFound('No such open invitation', { invitation_id: id });
      res.status(204).end();
    } catch (err) {
      next(err);
    }
  });

  return router;
}
