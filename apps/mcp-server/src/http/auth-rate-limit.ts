// Per-address rate limit on sign-in, second-factor and OAuth routes, where nobody is authenticated yet.
import type { RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { errorBody, fail, oauthErrorBody } from '@svc/errors';

export function createAuthLimiter(perMinute: number): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix: 'auth', points: perMinute, duration: 60 });
}

/**
 * The key is the socket's address: `trust proxy` is off, so a client-sent X-Forwarded-For never
 * picks the bucket. `oauth` answers with the flat RFC 6749 body, `service` with the error body.
 */
export function authRateLimit(limiter: RateLimiterMemory, style: 'oauth' | 'service'): RequestHandler {
  return async (req, res, next) => {
    try {
      await limiter.consume(req.socket.remoteAddress ?? 'unknown');
      next();
    } catch (thrown) {
      if (!(thrown instanceof RateLimiterRes)) {
        next(thrown);
        return;
      }
      const retryAfter = Math.max(1, Math.ceil(thrown.msBeforeNext / 1000));
      res.setHeader('Retry-After', String(retryAfter));
      const message = 'Too many requests from this address; retry later';
      if (style === 'oauth') res.status(429).json(oauthErrorBody('rate_limited', message));
      else res.status(429).json(errorBody(fail.rateLimited(message, { retry_after_seconds: retryAfter })));
    }
  };
}
