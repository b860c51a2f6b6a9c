// One log record and the boundary counters for every HTTP request, written when it completes.
import type { RequestHandler } from 'express';
import type { Logger, Metrics } from '@svc/observability';
import { clientAddressOf } from './client-address';

export function accessLog(logger: Logger, metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    // Taken now: routers mounted under a prefix (`/account`) rewrite req.url while they run.
    const path = req.path;
    res.on('finish', () => {
      const status = res.statusCode;
      metrics.httpRequests.inc({ status: String(status) });
      if (status >= 400) metrics.httpErrors.inc();
      logger.log(status >= 500 ? 'error' : 'info', 'http_request', {
        method: req.method,
        // The path without its query: queries can carry codes and tokens.
        path,
        status,
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
        requestId: res.locals.requestId as string,
        client_address: clientAddressOf(res),
      });
    });
    next();
  };
}
