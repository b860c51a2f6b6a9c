// Server mode's jobs worker from parsed settings: the one start both `svc jobs run` and `pnpm jobs` call.
import { backupConfigFromEnv, backupTargetFromConfig, type BackupEnv } from '@svc/backup';
import type { Database } from '@svc/db';
import { createEmbedder, type EmbeddingsConfig } from '@svc/embeddings';
import { createAlarms, createMetrics, serveMetrics, type Logger } from '@svc/observability';
import { llmSettings, type JobsEnv } from './env-shape';
import { languageModel } from './language-model';
import type { JobRuntime } from './runtime';
import { startJobWorker } from './worker';

/** The settings both entry points parse (each in its own env.ts, from the same shapes). */
export type JobWorkerEnv = JobsEnv & BackupEnv & { DATA_DIR: string; embeddings: EmbeddingsConfig };

export interface RunningJobWorker {
  runtime: JobRuntime;
  /** Lets running jobs notice, stops serving /metrics and frees the model; the database stays the caller's to close. */
  stop(): Promise<void>;
}

/**
 * Everything the worker needs beyond an open database: alarms counted on its own /metrics, the embedder,
 * the language model and the backup target. Built here once, so the two entry points cannot drift apart
 * (a worker missing a job would unschedule it for every other worker).
 */
export async function startJobWorkerFromEnv(
  env: JobWorkerEnv,
  parts: { database: Database; logger: Logger; build: string },
): Promise<RunningJobWorker> {
  const { database, logger } = parts;
  const metrics = createMetrics();
  const embedder = createEmbedder(env.embeddings);
  const runtime = await startJobWorker({
    database,
    logger,
    alarms: createAlarms({ logger, counter: metrics.alarms, webhookUrl: env.ALARM_WEBHOOK_URL }),
    embedder,
    // The same identity the servers print in /healthz, so "after a deploy" means the same thing.
    build: parts.build,
    keepWarmMinutes: env.KEEP_WARM_MINUTES,
    hygieneIntervalHours: env.HYGIENE_INTERVAL_HOURS,
    llm: languageModel(llmSettings(env), database, logger),
    translationIntervalHours: env.TRANSLATION_INTERVAL_HOURS,
    sessionRetentionDays: env.SESSION_RETENTION_DAYS,
    maxDurationMs: env.JOB_MAX_SECONDS * 1000,
    backup: await backupTargetFromConfig(backupConfigFromEnv(env)),
  });
  const server = env.JOBS_METRICS_PORT
    ? await serveMetrics(metrics.registry, { port: env.JOBS_METRICS_PORT, host: env.JOBS_METRICS_HOST })
    : null;
  return {
    runtime,
    async stop() {
      server?.close();
      await runtime.stop();
      // Before the process exits: ONNX Runtime aborts it with a model thread still alive.
      await embedder?.close();
    },
  };
}
