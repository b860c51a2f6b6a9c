// Per-person rate limit on the dashboard's data routes: past it, `rate_limited` (429) with Retry-After.
import type { RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { fail } from '@svc/errors';
import { personOf } from './person';

/**
 * Keyed by the signed-in person, not the address: the dashboard calls from its own server, so
 * every person would otherwise share that one address's allowance.
 */
export function personRateLimit(perMinute: number): RequestHandler {
  const limiter = new RateLimiterMemory({ keyPrefix: 'account-data', points: perMinute, duration: 60 });
  return async (_req, res, next) => {
    try {
      await limiter.consume(personOf(res).userId);
      next();
    } catch (thrown) {
      if (!(thrown instanceof RateLimiterRes)) {
        next(thrown);
        return;
      }
      const retryAfter = Math.max(1, Math.ceil(thrown.msBeforeNext / 1000));
      res.setHeader('Retry-After', String(retryAfter));
      next(fail.rateLimited('Too many requests; retry later', { retry_after_seconds: retryAfter }));
    }
  };
}
