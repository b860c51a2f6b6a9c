// Unauthenticated operational routes: build identity, readiness against the database, and counters.
import { Router } from 'express';
import { CONTRACT_VERSION } from '@svc/contract';
import type { Database } from '@svc/db';
import type { Logger, Metrics } from '@svc/observability';
import type { BuildInfo } from '../build-info';
import type { ServerSettings } from '../settings';

/** A probe must answer fast: a database that takes longer than this to say `select 1` is not ready. */
export const READY_PING_TIMEOUT_MS = 2_000;

interface HealthDeps {
  database: Database;
  logger: Logger;
  metrics: Metrics;
  build: BuildInfo;
  settings: ServerSettings;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(deps: HealthDeps): Router {
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
      await withTimeout(deps.database.ping(), READY_PING_TIMEOUT_MS);
      res.json({ status: 'ready', checks: { database: 'ok' } });
    } catch (thrown) {
      deps.logger.warn('readiness_failed', { error: thrown instanceof Error ? thrown.message : String(thrown) });
      res.status(503).json({
        error: {
          code: 'internal',
          message: 'Database unreachable',
          details: { checks: { database: 'unreachable' } },
        },
      });
    }
  });

  // Off where the edge must not show it: the route then does not exist and answers 404 not_found.
  if (deps.settings.metricsEnabled) {
    router.get('/metrics', async (_req, res) => {
      res.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
    });
  }

  return router;
}
