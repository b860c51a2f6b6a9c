// Per-person rate limit on the dashboard's routes: past it, 429 with Retry-After (service or flat OAuth body).
import type { RequestHandler } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { limitBy } from '../../http/limit-by';
import { personOf } from './person';

/**
 * Keyed by the signed-in person, not the address: the dashboard calls from its own server, so
 * every person would otherwise share that one address's allowance. Runs after `dashboardSession`.
 */
export function personRateLimit(perMinute: number, style: 'oauth' | 'service' = 'service'): RequestHandler {
  return limitBy({
    limiter: new RateLimiterMemory({ keyPrefix: 'account-data', points: perMinute, duration: 60 }),
    key: (_req, res) => personOf(res).userId,
    style,
    message: 'Too many requests; retry later',
  });
}
