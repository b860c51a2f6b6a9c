// Opens the parts a running service needs (database, logger, counters, build identity) from the env.
import { ftsRetriever } from '@svc/core';
import { openDatabase } from '@svc/db';
import { createLogger, createMetrics } from '@svc/observability';
import { readBuildInfo } from './build-info';
import type { ServerDeps } from './deps';
import type { Env } from './env';
import { TOOL_HANDLERS } from './mcp/tools';
import { settingsFromEnv } from './settings';
import { createUsageLedger } from './usage/usage-ledger';

export async function openRuntime(env: Env, opts: { forceStderr?: boolean } = {}): Promise<ServerDeps> {
  const logger = createLogger({ level: env.LOG_LEVEL, stderr: env.LOG_STDERR || opts.forceStderr });
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  return {
    database,
    logger,
    metrics: createMetrics(),
    build: readBuildInfo({ commit: env.SVC_BUILD_COMMIT, hostRevision: env.SVC_HOST_REVISION }),
    publicUrl: env.PUBLIC_URL,
    retriever: ftsRetriever,
    indexer: null,
    settings: settingsFromEnv(env),
    tools: TOOL_HANDLERS,
    usage: createUsageLedger({ database, logger }),
  };
}
