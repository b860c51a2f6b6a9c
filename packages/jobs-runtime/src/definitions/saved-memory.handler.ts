// Works through every saved memory marked due (0028): one run checks a burst of saves, not one run per memory.
import { checkSavedMemory, type MemoryDeps } from '@svc/core';
import { clearChecksDue, dueChecks, inDatabaseLane, markChecksDue } from '@svc/db';
import type { JobContext } from '../job-definition';

/** Due memories read per round trip; each is still checked (and logged) on its own. */
export const CHECK_BATCH = 32;

export interface DueChecksOutcome {
  checked: number;
  gone: number;
  conflicts: number;
  failed: number;
}

async function checkOne(ctx: JobContext, memory: MemoryDeps, memoryId: string) {
  const reading = memory.reviewer ? { reviewer: memory.reviewer, logger: ctx.logger, runId: ctx.runId, signal: ctx.signal } : null;
  const result = await checkSavedMemory(memory.database, memoryId, reading);
  ctx.logger.info('memory_checked', { memoryId, runId: ctx.runId, ...result, conflicts: 'conflicts' in result ? result.conflicts.length : 0 });
  return result;
}

/**
 * In the embedded database's background lane: every save leaves a check behind, and a burst of
 * saves would otherwise wait behind the checks of the saves before it on the one connection.
 */
export function checkDueMemories(ctx: JobContext, memory: MemoryDeps): Promise<DueChecksOutcome> {
  return inDatabaseLane('background', () => checkAll(ctx, memory));
}

/**
 * A check that throws leaves its memory due (the next run tries it again) and fails this run after
 * the rest were checked, so one bad memory neither blocks the others nor goes unseen.
 */
async function checkAll(ctx: JobContext, memory: MemoryDeps): Promise<DueChecksOutcome> {
  const db = memory.database.db;
  // A run sent before the due table (0028) names its memory: it becomes due like any other.
  if (typeof ctx.data.memoryId === 'string') await markChecksDue(db, [ctx.data.memoryId]);
  const counts: DueChecksOutcome = { checked: 0, gone: 0, conflicts: 0, failed: 0 };
  const tried: string[] = [];
  let firstError: unknown;
  // Read at run time: the translation queue is set on the deps after the runtime exists.
  const waitForTranslation = Boolean(memory.translation);
  while (!ctx.signal.aborted) {
    const ids = await dueChecks(db, { limit: CHECK_BATCH, waitForTranslation, skip: tried });
    if (ids.length === 0) break;
    const done: string[] = [];
    for (const id of ids) {
      if (ctx.signal.aborted) break;
      tried.push(id);
      try {
        const result = await checkOne(ctx, memory, id);
        if (result.outcome === 'gone') counts.gone += 1;
        else {
          counts.checked += 1;
          counts.conflicts += result.conflicts.length;
        }
        done.push(id);
      } catch (thrown) {
        // Stopped midway (the process is going, or the cap): the memory stays due, and the run's
        // own record says why it ended.
        if (ctx.signal.aborted) break;
        counts.failed += 1;
        firstError ??= thrown;
        ctx.logger.warn('memory_check_failed', { memoryId: id, runId: ctx.runId, error: thrown instanceof Error ? thrown.message : String(thrown) });
      }
    }
    await clearChecksDue(db, done);
  }
  if (firstError !== undefined) throw firstError;
  return counts;
}
