// The saved memories' checks and the one-time language detection of memories stored before it existed.
import { detectStoredLanguages, type MemoryDeps } from '@svc/core';
import { defineJob, type JobDefinition } from '../job-definition';
import { checkDueMemories } from './saved-memory.handler';

export const CHECK_MEMORY_JOB = 'check-memory';
export const DETECT_LANGUAGES_JOB = 'detect-languages';

/** The check needs no model: it is always on; with a reviewer configured it also reads the suspects. */
export function savedMemoryJobs(memory: MemoryDeps): JobDefinition[] {
  return [
    defineJob({
      name: CHECK_MEMORY_JOB,
      // A write wakes it; the schedule finds what a stopped process left due (its wake never sent).
      schedule: '*/10 * * * *',
      handler: (ctx) => checkDueMemories(ctx, memory),
    }),
    defineJob({
      name: DETECT_LANGUAGES_JOB,
      // Rows stored before detection existed appear only through a deploy (the migration marks them).
      runAfterDeploy: true,
      schedule: '20 0 * * *',
      handler: async (ctx) => {
        const { foreignIds, ...counts } = await detectStoredLanguages(ctx.database, { signal: ctx.signal });
        // Set on the deps once the runtime exists; absent without a language model.
        for (const id of foreignIds) memory.translation?.enqueue(id);
        ctx.logger.info('stored_languages_detected', { runId: ctx.runId, ...counts });
        return counts;
      },
    }),
  ];
}
