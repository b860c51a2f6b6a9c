// The just-saved memory's check and the one-time language detection of memories stored before it existed.
import { checkSavedMemory, detectStoredLanguages, type MemoryDeps } from '@svc/core';
import { defineJob, type JobContext, type JobDefinition } from '../job-definition';

export const CHECK_MEMORY_JOB = 'check-memory';
export const DETECT_LANGUAGES_JOB = 'detect-languages';

async function checkOne(ctx: JobContext, memory: MemoryDeps) {
  const memoryId = ctx.data.memoryId;
  if (typeof memoryId !== 'string') return { outcome: 'gone' };
  const reading = memory.reviewer ? { reviewer: memory.reviewer, logger: ctx.logger, runId: ctx.runId, signal: ctx.signal } : null;
  const result = await checkSavedMemory(memory.database, memoryId, reading);
  const requestId = typeof ctx.data.requestId === 'string' ? ctx.data.requestId : undefined;
  ctx.logger.info('memory_checked', { memoryId, runId: ctx.runId, requestId, ...result, conflicts: 'conflicts' in result ? result.conflicts.length : 0 });
  return result;
}

/** The check needs no model: it is always on; with a reviewer configured it also reads the suspects. */
export function savedMemoryJobs(memory: MemoryDeps): JobDefinition[] {
  return [
    defineJob({ name: CHECK_MEMORY_JOB, handler: (ctx) => checkOne(ctx, memory) }),
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
