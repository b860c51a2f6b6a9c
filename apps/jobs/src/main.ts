// `pnpm jobs`: the deployable jobs worker of server mode; it runs until SIGTERM, then lets running jobs stop.
import { readFileSync } from 'node:fs';
import { openDatabase } from '@svc/db';
import { startJobWorkerFromEnv } from '@svc/jobs-runtime';
import { createLogger } from '@svc/observability';
import { parseWorkerEnv } from './env';

const ROOT_PACKAGE = new URL('../../../package.json', import.meta.url);

async function main(): Promise<void> {
  const env = parseWorkerEnv();
  const logger = createLogger({ level: env.LOG_LEVEL, service: 'memory-service-jobs' });
  const database = await openDatabase({ url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX });
  const version =
    (JSON.parse(readFileSync(ROOT_PACKAGE, 'utf8')) as { version?: string }).version ?? '0.0.0';
  // The same identity the servers print in /healthz, so "after a deploy" means the same thing.
  const worker = await startJobWorkerFromEnv(env, { database, logger, build: `v${version}+${env.SVC_BUILD_COMMIT}` });
  const shutdown = async () => {
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
