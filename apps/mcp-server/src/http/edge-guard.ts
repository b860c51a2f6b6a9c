// Behind the managed edge only the edge may call: a request without its shared secret answers 403.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { errorBody, fail } from '@svc/errors';

/** The header the edge adds to every proxied request (docker/edge/nginx.conf.template). */
export const EDGE_SECRET_HEADER = 'x-edge-secret';

/**
 * Probes and the scraper call each instance directly, never through the edge: these answer without
 * the secret. They carry no user data (build identity, readiness, counts), and the edge answers
 * 404 for /metrics, so from outside only the two probes are reachable either way.
 */
export const EDGE_EXEMPT_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** Digests first: timingSafeEqual needs equal lengths, and comparing digests leaks no length either. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Notes whether the request came through the edge (it carries the secret; with no secret set,
 * every request counts as such). Only such a request's client-address header is believed.
 */
export function edgeCheck(secret: string | null): RequestHandler {
  const expected = secret === null ? null : digest(secret);
  return (req, res, next) => {
    const sent = req.headers[EDGE_SECRET_HEADER];
    res.locals.fromEdge =
      expected === null || (typeof sent === 'string' && timingSafeEqual(digest(sent), expected));
    next();
  };
}

/** Whether `edgeCheck` found the edge's secret on this request. */
export function cameThroughEdge(res: Response): boolean {
  return res.locals.fromEdge === true;
}

/** Refuses what did not come through the edge, probes excepted; after `edgeCheck` and the access log. */
export function edgeGuard(): RequestHandler {
  return (req, res, next) => {
    if (cameThroughEdge(res) || EDGE_EXEMPT_PATHS.has(req.path)) {
      next();
      return;
    }
    res.status(403).json(errorBody(fail.forbidden('Only the edge may call this address')));
  };
}
