// Per-address rate limit on sign-in and OAuth routes, where nobody is authenticated yet.
import type { RequestHandler } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { limitBy } from './limit-by';

export function createAuthLimiter(perMinute: number): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix: 'auth', points: perMinute, duration: 60 });
}

/**
 * The key is the socket's address: `trust proxy` is off, so a client-sent X-Forwarded-For never
 * picks the bucket. `oauth` answers with the flat RFC 6749 body, `service` with the error body.
 */
export function authRateLimit(limiter: RateLimiterMemory, style: 'oauth' | 'service'): RequestHandler {
  return limitBy({
    limiter,
    key: (req) => req.socket.remoteAddress ?? 'unknown',
    style,
    message: 'Too many requests from this address; retry later',
  });
}
