// POST /account/login: email and password open an aal1 dashboard session.
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { findPasswordCredentials } from '@svc/db';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../deps';
import { openDashboardSession } from './open-session';
import type { LoginAttempts } from './login-attempts';
import type { PasswordChecker } from './password';

const loginBody = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(256),
});

/** One message for an unknown email, a wrong password and an account without one: no account probing. */
const WRONG_CREDENTIALS = 'The email or the password is wrong';

export function loginHandler(deps: ServerDeps, passwords: PasswordChecker, attempts: LoginAttempts): RequestHandler {
  return async (req, res, next) => {
    try {
      const parsed = loginBody.safeParse(req.body);
      if (!parsed.success) throw fail.validation('Give an email and a password', { issues: parsed.error.issues.map((i) => i.message) });
      const { email, password } = parsed.data;
      const locked = await attempts.lockedFor(email);
      if (locked !== null) {
        res.setHeader('Retry-After', String(locked));
        throw fail.rateLimited('Too many wrong passwords for this account; retry later', { retry_after_seconds: locked });
      }
      const found = await findPasswordCredentials(deps.database.db, email);
      const ok = await passwords.check(found?.passwordHash ?? null, password);
      if (!found || !ok) {
        await attempts.recordFailure(email);
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
