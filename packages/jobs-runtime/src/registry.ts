// The list of registered jobs: every definition the scheduler knows, built from what this process has.
import type { MemoryDeps } from '@svc/core';
import type { Embedder } from '@svc/embeddings';
import type { LlmClient } from '@svc/llm';
import { backgroundRunJobs } from './definitions/background-runs';
import { databaseUpkeepJob } from './definitions/database-upkeep';
import { hygieneJob } from './definitions/hygiene';
import { keepWarmJob } from './definitions/keep-warm';
import { reembedJob } from './definitions/reembed';
import { translationJobs } from './definitions/translation';
import { savedMemoryJobs } from './definitions/saved-memory';
import { sessionUpkeepJob } from './definitions/session-upkeep';
import { usageUpkeepJob } from './definitions/usage-upkeep';
import type { JobDefinition } from './job-definition';

export interface JobParts {
  memory: MemoryDeps;
  embedder: Embedder | null;
  keepWarmMinutes: number;
  hygieneIntervalHours?: number;
  /** The language model; null or absent, translation is off (no queue, no schedule). */
  llm?: LlmClient | null;
  translationIntervalHours?: number;
  /** Days a thread session may go unused before session-upkeep deletes it; default 90. */
  sessionRetentionDays?: number;
  /** Definitions from other packages (the backups), appended as they are. */
  extra?: (JobDefinition | null)[];
}

export function registeredJobs(parts: JobParts): JobDefinition[] {
  const jobs: (JobDefinition | null)[] = [
    usageUpkeepJob as JobDefinition,
    sessionUpkeepJob(parts.sessionRetentionDays) as JobDefinition,
    databaseUpkeepJob(parts.memory.database.kind) as JobDefinition | null,
    keepWarmJob(parts.embedder, parts.keepWarmMinutes),
    reembedJob(parts.embedder),
    hygieneJob(parts.memory, parts.hygieneIntervalHours),
    ...backgroundRunJobs(parts.memory),
    ...savedMemoryJobs(parts.memory),
    ...translationJobs(parts.memory, parts.llm ?? null, parts.translationIntervalHours),
    ...(parts.extra ?? []),
  ];
  return jobs.filter((j): j is JobDefinition => j !== null);
}
