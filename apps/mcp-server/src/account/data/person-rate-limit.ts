// Per-person rate limit on the dashboard's routes: past it, 429 with Retry-After (service or flat OAuth body).
import type { RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { errorBody, fail, oauthErrorBody } from '@svc/errors';
import { personOf } from './person';

/**
 * Keyed by the signed-in person, not the address: the dashboard calls from its own server, so
 * every person would otherwise share that one address's allowance. Runs after `dashboardSession`.
 */
export function personRateLimit(perMinute: number, style: 'oauth' | 'service' = 'service'): RequestHandler {
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
      const message = 'Too many requests; retry later';
      if (style === 'oauth') res.status(429).json(oauthErrorBody('rate_limited', message));
      else res.status(429).json(errorBody(fail.rateLimited(message, { retry_after_seconds: retryAfter })));
    }
  };
}
