// The list of registered jobs: every definition the scheduler knows, built from what this process has.
import type { MemoryDeps } from '@svc/core';
import type { Embedder } from '@svc/embeddings';
import { backgroundRunJobs } from './definitions/background-runs';
import { hygieneJob } from './definitions/hygiene';
import { keepWarmJob } from './definitions/keep-warm';
import { usageUpkeepJob } from './definitions/usage-upkeep';
import type { JobDefinition } from './job-definition';

export interface JobParts {
  memory: MemoryDeps;
  embedder: Embedder | null;
  keepWarmMinutes: number;
  hygieneIntervalHours?: number;
  /** Definitions from other packages (the backups), appended as they are. */
  extra?: (JobDefinition | null)[];
}

/**
 * Translation is not here yet: it is scheduled on TRANSLATION_INTERVAL_HOURS once the language-model
 * client exists, as one more line like hygiene's.
 */
export function registeredJobs(parts: JobParts): JobDefinition[] {
  const jobs: (JobDefinition | null)[] = [
    usageUpkeepJob as JobDefinition,
    keepWarmJob(parts.embedder, parts.keepWarmMinutes),
    hygieneJob(parts.memory, parts.hygieneIntervalHours),
    ...backgroundRunJobs(parts.memory),
    ...(parts.extra ?? []),
  ];
  return jobs.filter((j): j is JobDefinition => j !== null);
}
