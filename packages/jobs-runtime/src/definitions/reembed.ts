// Re-embedding as a job: vectors of the configured model for every memory lacking one (after a model change).
import { reembedMissing } from '@svc/core';
import type { Embedder } from '@svc/embeddings';
import { defineJob, type JobDefinition } from '../job-definition';
import { everyHours } from '../cron';

export const REEMBED_JOB = 'reembed-memories';

/**
 * Switching EMBEDDINGS_* to a stronger model is a deploy: the run after it embeds every memory
 * with the new model, newest first, one batch at a time (vectors of the old model stay, so
 * switching back is free). A backlog longer than the 15-minute cap is taken up where it stopped
 * by the hourly run, which otherwise finds nothing to do. Without a model there is no definition.
 */
export function reembedJob(embedder: Embedder | null): JobDefinition | null {
  if (!embedder) return null;
  return defineJob({
    name: REEMBED_JOB,
    schedule: everyHours(1),
    runAfterDeploy: true,
    handler: (ctx) => reembedMissing(ctx.database, embedder, ctx.logger, { signal: ctx.signal }),
  });
}
