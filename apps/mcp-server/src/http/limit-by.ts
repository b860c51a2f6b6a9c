// One rate-limit middleware for every limited route: a key per request, 429 with Retry-After past it.
import type { Request, RequestHandler, Response } from 'express';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { errorBody, fail, oauthErrorBody } from '@svc/errors';

/** What rate-limiter-flexible's limiters (plain or bursty) offer: points consumed per key. */
export interface PointLimiter {
  consume(key: string, points?: number): Promise<unknown>;
}

export interface LimitOptions {
  limiter: PointLimiter;
  key(req: Request, res: Response): string;
  /** Points a request costs; one unless said otherwise. */
  cost?(req: Request): number;
  /** `oauth`: the flat RFC 6749 body; `service`: the contract's error body. */
  style: 'oauth' | 'service';
  message: string;
}

export function limitBy(opts: LimitOptions): RequestHandler {
  return async (req, res, next) => {
    try {
      await opts.limiter.consume(opts.key(req, res), opts.cost?.(req) ?? 1);
      next();
    } catch (thrown) {
      if (!(thrown instanceof RateLimiterRes)) {
        next(thrown);
        return;
      }
      const retryAfter = Math.max(1, Math.ceil(thrown.msBeforeNext / 1000));
      res.setHeader('Retry-After', String(retryAfter));
      if (opts.style === 'oauth') res.status(429).json(oauthErrorBody('rate_limited', opts.message));
      else res.status(429).json(errorBody(fail.rateLimited(opts.message, { retry_after_seconds: retryAfter })));
    }
  };
}
