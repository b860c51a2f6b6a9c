// Opens the parts a running service needs (database, logger, counters, build identity) from the env.
import { onSearchStage } from '@svc/core';
import { openDatabase } from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import { backupJobs, languageModel } from '@svc/jobs-runtime';
import { createLogger, createMetrics } from '@svc/observability';
import { readBuildInfo } from './build-info';
import type { ServerDeps } from './deps';
import { databaseOptions } from './database-options';
import { llmSettings } from '@svc/jobs-runtime/env';
import type { Env } from './env';
import { assembleDeps } from './assemble-deps';
import { backupTarget } from './backup/target';
import { retrievalParts, startEmbedderUpkeep } from './retrieval-parts';
import { settingsFromEnv } from './settings';

/** What each runtime started beside serving (listeners, upkeep) and its model, to end when it closes. */
const owned = new WeakMap<ServerDeps, { stops: (() => void)[]; embedder: Embedder | null }>();

export async function openRuntime(env: Env, opts: { forceStderr?: boolean } = {}): Promise<ServerDeps> {
  const logger = createLogger({ level: env.LOG_LEVEL, stderr: env.LOG_STDERR || opts.forceStderr });
  const database = await openDatabase(databaseOptions(env, logger));
  const retrieval = retrievalParts(env.embeddings, logger);
  const deps = assembleDeps({
    retriever: retrieval.retriever,
    indexer: retrieval.indexer,
    database,
    logger,
    metrics: createMetrics(),
    build: readBuildInfo({ commit: env.SVC_BUILD_COMMIT, hostRevision: env.SVC_HOST_REVISION }),
    publicUrl: env.PUBLIC_URL,
    settings: settingsFromEnv(env),
    jobs: {
      // Embedded: this process owns the data and works the queue. Server mode: `svc jobs run` does.
      mode: database.kind === 'embedded' ? 'work' : 'enqueue',
      embedder: retrieval.embedder,
      keepWarmMinutes: env.KEEP_WARM_MINUTES,
      hygieneIntervalHours: env.HYGIENE_INTERVAL_HOURS,
      llm: languageModel(llmSettings(env), database, logger),
      translationIntervalHours: env.TRANSLATION_INTERVAL_HOURS,
      sessionRetentionDays: env.SESSION_RETENTION_DAYS,
      maxDurationMs: env.JOB_MAX_SECONDS * 1000,
      alarmWebhookUrl: env.ALARM_WEBHOOK_URL,
      // Daily at 03:30 UTC, after every deploy, and the hourly check that one was stored.
      extra: backupJobs(await backupTarget(env)),
    },
  });
  // The queue starts beside serving, not before it: a request is never held up by pg-boss's start,
  // and a run sent meanwhile waits for it. Runs an earlier version recorded but never queued follow.
  void deps.jobs
    .start()
    .then(() => deps.runs.resume())
    .catch((err: unknown) => logger.error('jobs_start_failed', { error: err instanceof Error ? err.message : String(err) }));
  const stages = deps.metrics.searchStageSeconds;
  const stops = [onSearchStage((stage, ms) => stages.observe({ stage }, ms / 1000))];
  if (retrieval.embedder) stops.push(startEmbedderUpkeep({ database, embedder: retrieval.embedder, logger }));
  owned.set(deps, { stops, embedder: retrieval.embedder });
  return deps;
}

/**
 * Lets go of the database and the model: background upkeep and the queue's worker stop, queued usage
 * rows are written, the model's threads end, the database closes. A job cut short here is retried by
 * whoever works the queue next.
 */
export async function closeRuntime(deps: ServerDeps): Promise<void> {
  const parts = owned.get(deps);
  for (const stop of parts?.stops ?? []) stop();
  await deps.jobs.stop();
  await deps.usage.flush();
  // ONNX Runtime aborts the process (SIGABRT) when it exits with a model thread still loading or
  // running, so the threads are ended here rather than by process.exit.
  await parts?.embedder?.close();
  await deps.database.close();
}
