// A request-started run (scan_hygiene, benchmark_memory) on the queue: job_runs keeps what its owner reads back.
import { beginRun, finishRun, requeueRun, type RunHandler } from '@svc/core';
import type { JobContext } from '../job-definition';

export async function executeRun(
  ctx: JobContext,
  handler: RunHandler,
): Promise<{ runId: string; finished: boolean }> {
  const runId = String(ctx.data.runId);
  const run = await beginRun(ctx.database, runId);
  // Finished already (a queue job sent twice for one run): nothing left to do.
  if (!run) return { runId, finished: false };
  try {
    const result = await handler(run, ctx.signal);
    await finishRun(ctx.database, runId, { result });
    return { runId, finished: true };
  } catch (err) {
    // The owner sees `failed` only when the queue gives up; before a retry the run is queued again.
    const cause = ctx.signal.aborted ? ctx.signal.reason : err;
    if (ctx.lastAttempt)
      await finishRun(ctx.database, runId, {
        error: cause instanceof Error ? cause.message : String(cause),
      });
    else await requeueRun(ctx.database, runId);
    throw cause;
  }
}
