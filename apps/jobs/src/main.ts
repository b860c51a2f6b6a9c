// `pnpm jobs`: the deployable jobs worker of server mode; it runs until SIGTERM, then lets running jobs stop.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { backupConfigFromEnv, backupTargetFromConfig } from '@svc/backup';
import { openDatabase } from '@svc/db';
import { createEmbedder } from '@svc/embeddings';
import { backupJobs, languageModel, startJobWorker } from '@svc/jobs-runtime';
import { llmSettings } from '@svc/jobs-runtime/env';
import { createAlarms, createLogger, createMetrics, serveMetrics } from '@svc/observability';
import { parseWorkerEnv } from './env';

const ROOT_PACKAGE = new URL('../../../package.json', import.meta.url);

async function main(): Promise<void> {
  const env = parseWorkerEnv();
  const logger = createLogger({ level: env.LOG_LEVEL, service: 'memory-service-jobs' });
  const database = await openDatabase({ url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX });
  const metrics = createMetrics();
  const version =
    (JSON.parse(readFileSync(ROOT_PACKAGE, 'utf8')) as { version?: string }).version ?? '0.0.0';
  const worker = await startJobWorker({
    database,
    logger,
    alarms: createAlarms({ logger, counter: metrics.alarms, webhookUrl: env.ALARM_WEBHOOK_URL }),
    embedder: createEmbedder(env.embeddings),
    // The same identity the servers print in /healthz, so "after a deploy" means the same thing.
    build: `v${version}+${env.SVC_BUILD_COMMIT}`,
    keepWarmMinutes: env.KEEP_WARM_MINUTES,
    hygieneIntervalHours: env.HYGIENE_INTERVAL_HOURS,
    llm: languageModel(llmSettings(env), database, logger),
    translationIntervalHours: env.TRANSLATION_INTERVAL_HOURS,
    maxDurationMs: env.JOB_MAX_SECONDS * 1000,
    extra: backupJobs(await backupTargetFromConfig(backupConfigFromEnv(env, resolve('.backups')))),
  });
  const metricsServer = env.JOBS_METRICS_PORT
    ? await serveMetrics(metrics.registry, {
        port: env.JOBS_METRICS_PORT,
        host: env.JOBS_METRICS_HOST,
      })
    : undefined;
  const shutdown = async () => {
    metricsServer?.close();
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
