// Per-address rate limit on sign-in and OAuth routes, where nobody is authenticated yet.
import type { RequestHandler } from 'express';
import { clientAddressOf } from './client-address';
import { limitBy, type PointLimiter } from './limit-by';
import { createLimiter, type LimiterDeps } from './limiter-store';

/** `bucket` keeps each set of routes on its own count: sign-in (`auth-account`), OAuth (`auth-oauth`). */
export function createAuthLimiter(deps: LimiterDeps, bucket: string, perMinute: number): PointLimiter {
  return createLimiter(deps, { keyPrefix: bucket, points: perMinute, duration: 60 });
}

/**
 * The key is the client address from the edge's own header or the socket (`clientAddress`); a
 * client-sent X-Forwarded-For never picks the bucket. `oauth` answers with the flat RFC 6749 body, `service` with the error body.
 */
export function authRateLimit(limiter: PointLimiter, style: 'oauth' | 'service'): RequestHandler {
  return limitBy({
    limiter,
    key: (_req, res) => clientAddressOf(res),
    style,
    message: 'Too many requests from this address; retry later',
  });
}
