// POST /account/mfa/enroll and /enroll/confirm: a pending TOTP factor, verified by its first code.
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { createPendingFactor, findFactor, raiseSessionAal, replaceRecoveryCodes, verifyFactor, type Database } from '@svc/db';
import { fail } from '@svc/errors';
import { dashboardLocals } from '../../auth/dashboard-session';
import { recordAudit } from '../../usage/audit-log';
import { hashRecoveryCodes, newRecoveryCodes } from './recovery-codes';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';

const confirmBody = z.object({ factor_id: z.uuid(), code: z.string().trim().min(1).max(16) });

export function enrollHandler(database: Database): RequestHandler {
  return async (_req, res, next) => {
    try {
      const { live } = dashboardLocals(res);
      const secret = newTotpSecret();
      const factor = await createPendingFactor(database.db, live.user.id, secret);
      res.json({ factor_id: factor.id, secret, otpauth_uri: otpauthUri(secret, live.user.email) });
    } catch (err) {
      next(err);
    }
  };
}

export function confirmHandler(database: Database): RequestHandler {
  return async (req, res, next) => {
    try {
      const parsed = confirmBody.safeParse(req.body);
      if (!parsed.success) throw fail.validation('Give factor_id and the 6-digit code');
      const { live } = dashboardLocals(res);
      const factor = await findFactor(database.db, live.user.id, parsed.data.factor_id);
      if (!factor || factor.verifiedAt !== null) throw fail.notFound('No pending second factor with this id');
      const step = await matchTotp(factor.secret, parsed.data.code, { lastUsedStep: null });
      if (step === null) throw fail.validation('The code does not match; check the clock of the device');
      const codes = newRecoveryCodes();
      // Factor, codes and the session's new level change together, or not at all.
      await database.system(async (tx) => {
        await verifyFactor(tx, factor, step);
        await replaceRecoveryCodes(tx, live.user.id, hashRecoveryCodes(codes));
        await raiseSessionAal(tx, live.session.id, 'totp');
        await recordAudit(tx, {
          action: 'mfa_enrolled',
          target: { type: 'user', id: live.user.id },
          userId: live.user.id,
          details: { factor_id: factor.id, method: 'totp', replaced: live.user.mfaEnrolledAt !== null },
        });
      });
      res.json({ recovery_codes: codes });
    } catch (err) {
      next(err);
    }
  };
}
