// POST /account/login: email and password open an aal1 dashboard session.
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { findPasswordCredentials, type Executor, type PasswordCredentials } from '@svc/db';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../deps';
import { recordAudit } from '../usage/audit-log';
import { openDashboardSession } from './open-session';
import { waitText, type LoginAttempts } from './login-attempts';
import type { PasswordChecker } from './password';

const loginBody = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(256),
});

/** One message for an unknown email, a wrong password and an account without one: no account probing. */
const WRONG_CREDENTIALS = 'The email or the password is wrong';

type FailureReason = 'unknown_account' | 'no_password' | 'wrong_password' | 'locked_out';

function failureReason(found: PasswordCredentials | null): FailureReason {
  if (!found) return 'unknown_account';
  return found.passwordHash === null ? 'no_password' : 'wrong_password';
}

/**
 * The trail names the account by id when one has the address, and otherwise nothing: never the
 * typed email (a mistyped password in the email field would land there) nor a hash of it, which
 * anyone holding a list of addresses could reverse.
 */
async function auditFailure(exec: Executor, found: PasswordCredentials | null, reason: FailureReason): Promise<void> {
  await recordAudit(exec, {
    action: 'sign_in_failed',
    target: found ? { type: 'user', id: found.user.id } : undefined,
    userId: null,
    details: { method: 'password', reason },
  });
}

export function loginHandler(deps: ServerDeps, passwords: PasswordChecker, attempts: LoginAttempts): RequestHandler {
  return async (req, res, next) => {
    try {
      const parsed = loginBody.safeParse(req.body);
      if (!parsed.success) throw fail.validation('Give an email and a password', { issues: parsed.error.issues.map((i) => i.message) });
      const { email, password } = parsed.data;
      const locked = await attempts.lockedFor(email);
      const found = await findPasswordCredentials(deps.database.db, email);
      if (locked !== null) {
        await auditFailure(deps.database.db, found, 'locked_out');
        res.setHeader('Retry-After', String(locked));
        throw fail.rateLimited(`Too many wrong passwords for this account; try again in ${waitText(locked)}`, {
          retry_after_seconds: locked,
        });
      }
      const ok = await passwords.check(found?.passwordHash ?? null, password);
      if (!found || !ok) {
        await attempts.recordFailure(email);
        await auditFailure(deps.database.db, found, failureReason(found));
        throw fail.unauthorized(WRONG_CREDENTIALS);
      }
      await attempts.recordSuccess(email);
      const answer = await openDashboardSession(deps.database, {
        user: found.user,
        method: 'password',
        ttlHours: deps.settings.auth.dashboardSessionTtlHours,
      });
      res.json(answer);
    } catch (err) {
      next(err);
    }
  };
}
