// Failed sign-ins counted per email address, so guessing one person's password is slow from anywhere.
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createLimiter, type LimiterDeps } from '../http/limiter-store';

/**
 * Ten wrong passwords for one address within a window of 15 minutes that opens at the first
 * failure; the lock lasts until that window closes (a fixed window: at most 15 minutes, less when
 * the ten failures were spread out). A right password clears the count.
 */
export const FAILED_LOGINS_ALLOWED = 10;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;

export interface LoginAttempts {
  /** Seconds to wait while the email is locked out, else null; ask before checking the password. */
  lockedFor(email: string): Promise<number | null>;
  recordFailure(email: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

/** In server mode the count is in the database, so every instance locks the same email. */
export function createLoginAttempts(deps: LimiterDeps): LoginAttempts {
  return createFailureLock(deps, 'login-failures');
}

/**
 * Wrong second-factor codes counted per account, by the same ten-in-a-15-minute-window rule: a
 * six-digit code would otherwise fall to guessing at the per-person request rate. Keyed by user id.
 */
export function createCodeAttempts(deps: LimiterDeps): LoginAttempts {
  return createFailureLock(deps, 'mfa-failures');
}

function createFailureLock(deps: LimiterDeps, keyPrefix: string): LoginAttempts {
  const limiter = createLimiter(deps, {
    keyPrefix,
    points: FAILED_LOGINS_ALLOWED,
    duration: FAILED_LOGIN_WINDOW_SECONDS,
  });
  const key = (email: string) => email.trim().toLowerCase();
  return {
    async lockedFor(email) {
      const state = await limiter.get(key(email));
      if (!state || state.consumedPoints < FAILED_LOGINS_ALLOWED) return null;
      return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    },
    async recordFailure(email) {
      await limiter.penalty(key(email), 1).catch((thrown: unknown) => {
        if (!(thrown instanceof RateLimiterRes)) throw thrown;
      });
    },
    async recordSuccess(email) {
      await limiter.delete(key(email));
    },
  };
}

/** The wait in words, rounded up to whole minutes: "a minute", "15 minutes". */
export function waitText(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return m <= 1 ? 'a minute' : `${m} minutes`;
}
