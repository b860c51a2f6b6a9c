// Per-caller rate limit on the tool plane: past it, `rate_limited` (429) with Retry-After in seconds.
import type { RequestHandler } from 'express';
import { BurstyRateLimiter } from 'rate-limiter-flexible';
import type { Caller } from '../auth/caller';
import type { ServerSettings } from '../settings';
import { limitBy } from './limit-by';
import { createLimiter, type LimiterDeps } from './limiter-store';

/** The burst allowance refills over this window, so it absorbs spikes without raising the sustained rate. */
export const BURST_WINDOW_SECONDS = 600;

export function createToolPlaneLimiter(deps: LimiterDeps, limits: ServerSettings['rateLimit']): BurstyRateLimiter {
  return new BurstyRateLimiter(
    createLimiter(deps, { keyPrefix: 'tool-plane', points: limits.toolCallsPerMinute, duration: 60 }),
    createLimiter(deps, { keyPrefix: 'tool-plane-burst', points: limits.burst, duration: BURST_WINDOW_SECONDS }),
  );
}

/** Each JSON-RPC message costs one point, so a batch cannot carry many calls for the price of one. */
function costOf(body: unknown): number {
  return Array.isArray(body) ? Math.max(1, body.length) : 1;
}

/** Runs after bearer auth: the key is the authenticated user, whatever token or client they use. */
export function rateLimitCaller(limiter: BurstyRateLimiter): RequestHandler {
  return limitBy({
    limiter,
    key: (_req, res) => (res.locals.caller as Caller).userId,
    cost: (req) => costOf(req.body),
    style: 'service',
    message: 'Too many requests for this caller; retry later',
  });
}
