// `svc jobs` lists the schedules; `svc jobs run` is server mode's jobs worker (the same as `pnpm jobs`).
import type { Command } from 'commander';
import { openDatabase } from '@svc/db';
import { createEmbedder } from '@svc/embeddings';
import { fail } from '@svc/errors';
import { languageModel, languageModelLine, startJobWorker } from '@svc/jobs-runtime';
import { createAlarms, createLogger, createMetrics, serveMetrics } from '@svc/observability';
import { readBuildInfo } from '../build-info';
import { databaseOptions } from '../database-options';
import { llmSettings } from '@svc/jobs-runtime/env';
import { parseEnv } from '../env';
import { runAction } from './run-action';

async function runWorker(): Promise<void> {
  const env = parseEnv();
  if (!env.DATABASE_URL)
    throw fail.validation(
      'svc jobs run is the worker of server mode (DATABASE_URL); on the embedded default `svc serve` runs the jobs',
    );
  const logger = createLogger({ level: env.LOG_LEVEL, service: 'memory-service-jobs' });
  const database = await openDatabase(databaseOptions(env, logger));
  const metrics = createMetrics();
  const worker = await startJobWorker({
    database,
    logger,
    alarms: createAlarms({
      logger,
      counter: metrics.alarms,
      webhookUrl: env.ALARM_WEBHOOK_URL,
    }),
    embedder: createEmbedder(env.embeddings),
    build: readBuildInfo({ commit: env.SVC_BUILD_COMMIT, hostRevision: env.SVC_HOST_REVISION })
      .version,
    keepWarmMinutes: env.KEEP_WARM_MINUTES,
    hygieneIntervalHours: env.HYGIENE_INTERVAL_HOURS,
    llm: languageModel(llmSettings(env), database, logger),
    translationIntervalHours: env.TRANSLATION_INTERVAL_HOURS,
    maxDurationMs: env.JOB_MAX_SECONDS * 1000,
  });
  const metricsServer = env.JOBS_METRICS_PORT
    ? await serveMetrics(metrics.registry, {
        port: env.JOBS_METRICS_PORT,
        host: env.JOBS_METRICS_HOST,
      })
    : undefined;
  const stop = async () => {
    metricsServer?.close();
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

export function registerJobsCommands(program: Command): void {
  const jobs = program
    .command('jobs')
    .description('List background jobs: schedule, next run, last outcome and duration')
    .action(async () => {
      const env = parseEnv();
      console.log(await runAction(env, 'jobs.list', {}));
      console.log(languageModelLine(llmSettings(env), env.TRANSLATION_INTERVAL_HOURS));
    });
  jobs
    .command('run')
    .description('Work the job queue (server mode: the deployable jobs worker)')
    .action(runWorker);
}
