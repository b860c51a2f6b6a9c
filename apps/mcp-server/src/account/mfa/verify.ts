// POST /account/mfa/verify: a TOTP or recovery code raises the session to aal2.
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { claimTotpStep, findVerifiedFactor, raiseSessionAal, useRecoveryCode, type Database, type Tx } from '@svc/db';
import { fail } from '@svc/errors';
import { dashboardLocals } from '../../auth/dashboard-session';
import { hashRecoveryCode, normaliseRecoveryCode } from './recovery-codes';
import { isTotpShaped, matchTotp } from './totp';

const verifyBody = z.object({ code: z.string().trim().min(1).max(64) });

const WRONG_CODE = 'The code is wrong, expired or already used';

/** Spends the code (a TOTP step or a recovery code) and names the method; null when it does not verify. */
async function spendCode(tx: Tx, userId: string, code: string): Promise<'totp' | 'recovery_code' | null> {
  const factor = await findVerifiedFactor(tx, userId);
  if (!factor) throw fail.conflict('No second factor is enrolled on this account');
  if (isTotpShaped(code)) {
    const step = await matchTotp(factor.secret, code, { lastUsedStep: factor.lastUsedStep });
    return step !== null && (await claimTotpStep(tx, factor.id, step)) ? 'totp' : null;
  }
  const normalised = normaliseRecoveryCode(code);
  if (normalised === null) return null;
  return (await useRecoveryCode(tx, userId, hashRecoveryCode(normalised))) ? 'recovery_code' : null;
}

export function verifyHandler(database: Database): RequestHandler {
  return async (req, res, next) => {
    try {
      const parsed = verifyBody.safeParse(req.body);
      if (!parsed.success) throw fail.validation('Give the code from the authenticator app or a recovery code');
      const { live } = dashboardLocals(res);
      await database.system(async (tx) => {
        const method = await spendCode(tx, live.user.id, parsed.data.code);
        if (method === null) throw fail.validation(WRONG_CODE);
        await raiseSessionAal(tx, live.session.id, method);
      });
      res.json({ aal: 'aal2' });
    } catch (err) {
      next(err);
    }
  };
}
