// The second-factor routes under /account/mfa, each behind its guards (session, rate limit).
import { Router } from 'express';
import { findVerifiedFactor, removeSecondFactor, replaceRecoveryCodes, type Database } from '@svc/db';
import { fail } from '@svc/errors';
import { dashboardLocals } from '../../auth/dashboard-session';
import { recordAudit } from '../../usage/audit-log';
import type { AccountGuards } from '../guards';
import type { LoginAttempts } from '../login-attempts';
import { confirmHandler, enrollHandler } from './enroll';
import { hashRecoveryCodes, newRecoveryCodes } from './recovery-codes';
import { verifyHandler } from './verify';

export function mfaRoutes(database: Database, guards: AccountGuards, codeAttempts: LoginAttempts): Router {
  const router = Router();
  // Enrolment needs no factor yet; on an enrolled account `complete` asks for aal2, so a stolen
  // password alone cannot replace the factor.
  const { complete, incomplete } = guards;

  router.post('/mfa/verify', ...incomplete, verifyHandler(database, codeAttempts));
  router.post('/mfa/enroll', ...complete, enrollHandler(database));
  router.post('/mfa/enroll/confirm', ...complete, confirmHandler(database));

  router.post('/mfa/recovery-codes', ...complete, async (_req, res, next) => {
    try {
      const { live } = dashboardLocals(res);
      if (!(await findVerifiedFactor(database.db, live.user.id))) {
        throw fail.conflict('No second factor is enrolled on this account');
      }
      const codes = newRecoveryCodes();
      await database.system(async (tx) => {
        await replaceRecoveryCodes(tx, live.user.id, hashRecoveryCodes(codes));
        await recordAudit(tx, {
          action: 'recovery_codes_regenerated',
          target: { type: 'user', id: live.user.id },
          userId: live.user.id,
          details: { count: codes.length },
        });
      });
      res.json({ recovery_codes: codes });
    } catch (err) {
      next(err);
    }
  });

  router.delete('/mfa', ...complete, async (_req, res, next) => {
    try {
      const userId = dashboardLocals(res).live.user.id;
      await database.system(async (tx) => {
        await removeSecondFactor(tx, userId);
        await recordAudit(tx, { action: 'mfa_removed', target: { type: 'user', id: userId }, userId, details: { method: 'totp' } });
      });
      res.status(204).end();
    } catch (err) {
      next(err);
    }
  });

  return router;
}
