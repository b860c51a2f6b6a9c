// POST /account/mfa/verify: a TOTP or recovery code raises the session to aal2; wrong codes lock the account a while.
import type { RequestHandler } from 'express';
import { z } from 'zod';
import {
  claimTotpStep,
  findVerifiedFactor,
  raiseSessionAal,
  useRecoveryCode,
  type Database,
  type Tx,
} from '@svc/db';
import { fail } from '@svc/errors';
import { dashboardLocals } from '../../auth/dashboard-session';
import { waitText, type LoginAttempts } from '../login-attempts';
import { hashRecoveryCode, normaliseRecoveryCode } from './recovery-codes';
import { isTotpShaped, totpStep } from './totp';

const verifyBody = z.object({ code: z.string().trim().min(1).max(64) });

const WRONG_CODE = 'The code is wrong or has expired';
/** A code is good for one sign-in: someone who saw it cannot use it again, and neither can its owner. */
const REUSED_CODE =
  'This code was already used; wait for the next code in your app (a new one every 30 seconds)';

type Spent = 'totp' | 'recovery_code' | 'wrong' | 'reused';

/** Spends the code (a TOTP step or a recovery code) and names the method, or says why it did not verify. */
async function spendCode(tx: Tx, userId: string, code: string): Promise<Spent> {
  const factor = await findVerifiedFactor(tx, userId);
  if (!factor) throw fail.conflict('No second factor is enrolled on this account');
  if (isTotpShaped(code)) {
    const step = await totpStep(factor.secret, code);
    if (step === null) return 'wrong';
    // A right code for a step already accepted (or older): a replay, not a typing mistake.
    if (factor.lastUsedStep !== null && step <= factor.lastUsedStep) return 'reused';
    return (await claimTotpStep(tx, factor.id, step)) ? 'totp' : 'reused';
  }
  const normalised = normaliseRecoveryCode(code);
  if (normalised === null) return 'wrong';
  // A spent recovery code is kept only as a hash and deleted once used: it reads as wrong.
  return (await useRecoveryCode(tx, userId, hashRecoveryCode(normalised)))
    ? 'recovery_code'
    : 'wrong';
}

export function verifyHandler(database: Database, attempts: LoginAttempts): RequestHandler {
  return async (req, res, next) => {
    try {
      const parsed = verifyBody.safeParse(req.body);
      if (!parsed.success)
        throw fail.validation('Give the code from the authenticator app or a recovery code');
      const { live } = dashboardLocals(res);
      const userId = live.user.id;
      const locked = await attempts.lockedFor(userId);
      if (locked !== null) {
        res.setHeader('Retry-After', String(locked));
        throw fail.rateLimited(`Too many wrong codes; try again in ${waitText(locked)}`, {
          retry_after_seconds: locked,
        });
      }
      const outcome = await database.system(async (tx) => {
        const method = await spendCode(tx, userId, parsed.data.code);
        if (method === 'totp' || method === 'recovery_code')
          await raiseSessionAal(tx, live.session.id, method);
        return method;
      });
      if (outcome === 'wrong' || outcome === 'reused') {
        await attempts.recordFailure(userId);
        throw fail.validation(outcome === 'reused' ? REUSED_CODE : WRONG_CODE, {
          reason: outcome === 'reused' ? 'code_reused' : 'code_wrong',
        });
      }
      await attempts.recordSuccess(userId);
      res.json({ aal: 'aal2' });
    } catch (err) {
      next(err);
    }
  };
}
