// Per-person rate limit on the dashboard's routes: past it, 429 with Retry-After (service or flat OAuth body).
import type { RequestHandler } from 'express';
import type { ServerDeps } from '../../deps';
import { limitBy } from '../../http/limit-by';
import { createLimiter } from '../../http/limiter-store';
import { personOf } from './person';

/**
 * Keyed by the signed-in person, not the address: the dashboard calls from its own server, so
 * every person would otherwise share that one address's allowance. Runs after `dashboardSession`.
 * `bucket` names the count: the session routes, the data routes and consent each keep their own.
 */
export function personRateLimit(deps: ServerDeps, bucket: string, style: 'oauth' | 'service' = 'service'): RequestHandler {
  const points = deps.settings.auth.dashboardPerMinute;
  return limitBy({
    limiter: createLimiter(deps, { keyPrefix: bucket, points, duration: 60 }),
    key: (_req, res) => personOf(res).userId,
    style,
    message: 'Too many requests; retry later',
  });
}
