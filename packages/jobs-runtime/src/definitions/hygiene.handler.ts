// Runs the scan_hygiene checks for each owner of memories and records each result as that owner's run.
import { isNull } from 'drizzle-orm';
import { HYGIENE_JOB, finishRun, runHygieneScan, startOrJoinRun, type MemoryDeps } from '@svc/core';
import { memories } from '@svc/db';
import type { JobContext } from '../job-definition';

const ALL_CHECKS = ['conflicts', 'duplicates', 'stale'] as const;

export async function scheduledHygiene(
  ctx: JobContext,
  memory: MemoryDeps,
): Promise<{ owners: number; findings: number }> {
  const owners = await ctx.database.db
    .selectDistinct({ ownerId: memories.ownerId })
    .from(memories)
    .where(isNull(memories.invalidatedAt));
  let findings = 0;
  for (const { ownerId } of owners) {
    if (ctx.signal.aborted) break;
    const params = { checks: [...ALL_CHECKS], scopeIds: null };
    // Recorded like a requested scan, so its owner can list it as one; an equal scan in flight is joined.
    const { row, started } = await startOrJoinRun(memory.database, {
      jobName: HYGIENE_JOB,
      ownerId,
      params,
    });
    if (!started) continue;
    const reading = memory.reviewer ? { reviewer: memory.reviewer, logger: ctx.logger, runId: ctx.runId, signal: ctx.signal } : null;
    const result = await runHygieneScan(memory.database, ownerId, params, ctx.now(), reading);
    findings += result.findings.length;
    await finishRun(memory.database, row.id, {
      result: result as unknown as Record<string, unknown>,
    });
  }
  return { owners: owners.length, findings };
}
