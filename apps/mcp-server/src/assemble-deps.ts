// Builds the full set of server parts from the few that differ between a real process and a test.
import { hybridRetriever, modelExtractor, type MemoryIndexer, type Retriever } from '@svc/core';
import type { Database } from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import { createJobRuntime, queuedRunsOn, registeredJobs, savedCheckQueueOn, translationQueueOn, type JobParts } from '@svc/jobs-runtime';
import { modelPairReviewer, type MemoryDeps } from '@svc/core';
import type { LlmClient } from '@svc/llm';
import { createAlarms, type Logger, type Metrics } from '@svc/observability';
import type { BuildInfo } from './build-info';
import type { ServerDeps } from './deps';
import type { HandlerTable } from './mcp/call-tool';
import { TOOL_HANDLERS } from './mcp/tools';
import { createOAuthRuntime, type OAuthRuntime } from './oauth/runtime';
import type { ServerSettings } from './settings';
import { createUsageLedger } from './usage/usage-ledger';

export interface DepParts {
  database: Database;
  logger: Logger;
  metrics: Metrics;
  build: BuildInfo;
  publicUrl: string;
  settings: ServerSettings;
  tools?: HandlerTable;
  retriever?: Retriever;
  indexer?: MemoryIndexer | null;
  oauth?: OAuthRuntime;
  jobs?: JobSettings;
}

/** How this process takes part in background work; tests take the defaults (worked here, nothing scheduled on an interval). */
export interface JobSettings {
  mode: 'work' | 'enqueue';
  embedder: Embedder | null;
  keepWarmMinutes: number;
  hygieneIntervalHours?: number;
  /** The language model; absent, translation and hygiene that reads are off. */
  llm?: LlmClient | null;
  translationIntervalHours?: number;
  sessionRetentionDays?: number;
  maxDurationMs?: number;
  alarmWebhookUrl?: string;
  /** Job definitions from other packages (the backups), registered beside the built-in ones. */
  extra?: JobParts['extra'];
}

export function assembleDeps(parts: DepParts): ServerDeps {
  const { database, logger } = parts;
  // Without a configured ranker, the production one on its lexical side (no embedder).
  const retriever = parts.retriever ?? hybridRetriever({ embedder: null, logger });
  const indexer = parts.indexer ?? null;
  const settings: JobSettings = parts.jobs ?? { mode: 'work', embedder: null, keepWarmMinutes: 0 };
  const alarms = createAlarms({
    logger,
    counter: parts.metrics.alarms,
    webhookUrl: settings.alarmWebhookUrl,
  });
  // With a language model the model reads transcripts; without one, the offline extractor does.
  const memory: MemoryDeps = { database, logger, retriever, indexer, ...(settings.llm && { extractor: modelExtractor(settings.llm, logger) }) };
  const jobs = createJobRuntime({
    database,
    logger,
    alarms,
    mode: settings.mode,
    build: parts.build.version,
    maxDurationMs: settings.maxDurationMs,
    definitions: registeredJobs({
      memory,
      embedder: settings.embedder,
      keepWarmMinutes: settings.keepWarmMinutes,
      hygieneIntervalHours: settings.hygieneIntervalHours,
      llm: settings.llm,
      translationIntervalHours: settings.translationIntervalHours,
      sessionRetentionDays: settings.sessionRetentionDays,
      extra: settings.extra,
    }),
  });
  // Set before any request: a memory written in another language is sent to the translation queue.
  const translation = translationQueueOn(jobs, logger);
  memory.translation = translation;
  // A just-saved memory is checked for contradictions in the background (its answer carried the near duplicates).
  memory.checks = savedCheckQueueOn(jobs, database, logger);
  if (settings.llm) memory.reviewer = modelPairReviewer(settings.llm);
  return {
    ...parts,
    retriever,
    indexer,
    tools: parts.tools ?? TOOL_HANDLERS,
    usage: createUsageLedger({ database, logger }),
    oauth: parts.oauth ?? createOAuthRuntime(database),
    alarms,
    jobs,
    runs: queuedRunsOn(jobs, database, logger),
    translation,
    checks: memory.checks,
  };
}
