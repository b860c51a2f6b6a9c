// Runs a translation: the one memory a write sent, or the whole backlog on the schedule.
import { catchUpTranslations, translateMemory, type TranslationDeps } from '@svc/core';
import type { JobContext } from '../job-definition';

/** A just-translated memory goes on to its check, which compares the English text with its neighbours'. */
export async function translateOne(
  ctx: JobContext,
  deps: TranslationDeps,
  checks?: { enqueue(memoryId: string): void } | null,
): Promise<{ outcome: string }> {
  const memoryId = ctx.data.memoryId;
  if (typeof memoryId !== 'string') {
    ctx.logger.warn('translation_run_without_memory', { runId: ctx.runId });
    return { outcome: 'gone' };
  }
  const outcome = await translateMemory(deps, memoryId, { runId: ctx.runId, signal: ctx.signal });
  const requestId = typeof ctx.data.requestId === 'string' ? ctx.data.requestId : undefined;
  ctx.logger.info('memory_translated', { memoryId, outcome, runId: ctx.runId, requestId });
  if (outcome === 'translated' || outcome === 'refused_secret') checks?.enqueue(memoryId);
  return { outcome };
}

export async function translationCatchUp(ctx: JobContext, deps: TranslationDeps): Promise<Record<string, number>> {
  const counts = await catchUpTranslations(deps, { runId: ctx.runId, signal: ctx.signal });
  ctx.logger.info('translation_backlog_worked', { runId: ctx.runId, ...counts });
  return counts;
}
