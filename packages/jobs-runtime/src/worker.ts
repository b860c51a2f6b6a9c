// The jobs worker as a whole: the registered jobs over one database, working in this process until stopped.
import { hybridIndexer, hybridRetriever, modelExtractor, type MemoryDeps } from '@svc/core';
import type { Database } from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import type { LlmClient } from '@svc/llm';
import { modelPairReviewer } from '@svc/core';
import type { Alarms, Logger } from '@svc/observability';
import { registeredJobs, type JobParts } from './registry';
import { createJobRuntime, type JobRuntime, type JobRuntimeOptions } from './runtime';
import { savedCheckQueueOn, translationQueueOn } from './translation-queue';

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
  maxDurationMs?: number;
  extra?: JobParts['extra'];
  tuning?: JobRuntimeOptions['tuning'];
}

/** `svc jobs run` and `pnpm jobs` both start this: the separate worker of server mode. */
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
      extra: parts.extra,
    }),
  });
  // Memories written here (transcript extraction) are translated like those written through the server.
  memory.translation = translationQueueOn(runtime, logger);
  memory.checks = savedCheckQueueOn(runtime, logger);
  if (parts.llm) memory.reviewer = modelPairReviewer(parts.llm);
  await runtime.start();
  logger.info('jobs_worker_started', { jobs: runtime.definitions.map((d) => d.name) });
  return runtime;
}
