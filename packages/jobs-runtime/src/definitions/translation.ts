// Translation into English: one queued run per just-written memory, and the backlog on TRANSLATION_INTERVAL_HOURS.
import type { MemoryDeps } from '@svc/core';
import type { LlmClient } from '@svc/llm';
import { everyHours } from '../cron';
import { defineJob, type JobDefinition } from '../job-definition';
import { translateOne, translationCatchUp } from './translation.handler';

export const TRANSLATE_MEMORY_JOB = 'translate-memory';
export const TRANSLATION_JOB = 'translation';

/** Without a language model there is nothing to translate with: no queue, no schedule. */
export function translationJobs(
  memory: MemoryDeps,
  llm: LlmClient | null,
  intervalHours: number | undefined,
): JobDefinition[] {
  if (!llm) return [];
  const deps = { database: memory.database, indexer: memory.indexer, logger: memory.logger, llm };
  const jobs: JobDefinition[] = [
    defineJob({ name: TRANSLATE_MEMORY_JOB, handler: (ctx) => translateOne(ctx, deps, memory.checks) }),
  ];
  if (intervalHours) {
    jobs.push(
      defineJob({ name: TRANSLATION_JOB, schedule: everyHours(intervalHours), handler: (ctx) => translationCatchUp(ctx, deps) }),
    );
  }
  return jobs;
}
