// Unauthenticated operational routes: build identity, readiness against the database, and counters.
import { Router } from 'express';
import { CONTRACT_VERSION } from '@svc/contract';
import type { Database } from '@svc/db';
import type { Metrics } from '@svc/observability';
import type { BuildInfo } from '../build-info';

export function healthRoutes(deps: { database: Database; metrics: Metrics; build: BuildInfo }): Router {
  const router = Router();

  router.get('/healthz', (_req, res) => {
    res.json({
      status: 'ok',
      version: deps.build.version,
      host_revision: deps.build.hostRevision,
      contract_version: CONTRACT_VERSION,
    });
  });

  // Only the database decides readiness: a cold embedder still serves (the first search waits).
  router.get('/readyz', async (_req, res) => {
    try {
      await deps.database.ping();
      res.json({ status: 'ready', checks: { database: 'ok' } });
    } catch {
      res.status(503).json({
        error: {
          code: 'internal',
          message: 'Database unreachable',
          details: { checks: { database: 'unreachable' } },
        },
      });
    }
  });

  router.get('/metrics', async (_req, res) => {
    res.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });

  return router;
}
