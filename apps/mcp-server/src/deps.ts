// Everything the server needs from outside, injected so tests can build an app around their own parts.
import type { Database } from '@svc/db';
import type { Logger, Metrics } from '@svc/observability';
import type { BuildInfo } from './build-info';

export interface ServerDeps {
  database: Database;
  logger: Logger;
  metrics: Metrics;
  build: BuildInfo;
  publicUrl: string;
}
