// The jobs worker as a whole: the registered jobs over one database, working in this process until stopped.
import { hybridIndexer, hybridRetriever, modelExtractor, type MemoryDeps } from '@svc/core';
import type { BackupTarget } from '@svc/backup';
import type { Database } from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import type { LlmClient } from '@svc/llm';
import { modelPairReviewer } from '@svc/core';
import type { Alarms, Logger } from '@svc/observability';
import { backupJobs } from './definitions/backup';
import { registeredJobs } from './registry';
import { createJobRuntime, type JobRuntime, type JobRuntimeOptions } from './runtime';
import { translationQueueOn } from './translation-queue';
import { savedCheckQueueOn } from './check-queue';

export interface WorkerParts {
  database: Database;
  logger: Logger;
  alarms: Alarms;
  embedder: Embedder | null;
  build?: string;
  keepWarmMinutes: number;
  hygieneIntervalHours?: number;
  llm?: LlmClient | null;
  translationIntervalHours?: number;
  sessionRetentionDays?: number;
  maxDurationMs?: number;
  /**
   * Where the `backup` job stores and `backup-check` looks. Required: a worker without the backup jobs
   * would not only skip them, its start would unschedule them (the schedules follow the definitions).
   */
  backup: BackupTarget;
  tuning?: JobRuntimeOptions['tuning'];
}

/** The separate worker of server mode; `svc jobs run` and `pnpm jobs` start it through `startJobWorkerFromEnv`. */
export async function startJobWorker(parts: WorkerParts): Promise<JobRuntime> {
  const { database, logger, embedder } = parts;
  const memory: MemoryDeps = {
    database,
    logger,
    retriever: hybridRetriever({ embedder, logger }),
    indexer: embedder ? hybridIndexer({ embedder, logger }) : null,
    ...(parts.llm && { extractor: modelExtractor(parts.llm, logger) }),
  };
  const runtime = createJobRuntime({
    database,
    logger,
    alarms: parts.alarms,
    mode: 'work',
    build: parts.build,
    maxDurationMs: parts.maxDurationMs,
    tuning: parts.tuning,
    definitions: registeredJobs({
      memory,
      embedder,
      keepWarmMinutes: parts.keepWarmMinutes,
      hygieneIntervalHours: parts.hygieneIntervalHours,
      llm: parts.llm,
      translationIntervalHours: parts.translationIntervalHours,
      sessionRetentionDays: parts.sessionRetentionDays,
      // Daily at 03:30 UTC, after every deploy, and the hourly check that one was stored.
      extra: backupJobs(parts.backup),
    }),
  });
  // Memories written here (transcript extraction) are translated like those written through the server.
  memory.translation = translationQueueOn(runtime, logger);
  memory.checks = savedCheckQueueOn(runtime, database, logger);
  if (parts.llm) memory.reviewer = modelPairReviewer(parts.llm);
  await runtime.start();
  logger.info('jobs_worker_started', { jobs: runtime.definitions.map((d) => d.name) });
  return runtime;
}
