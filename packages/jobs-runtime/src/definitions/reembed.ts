// Re-embedding as a job: vectors of the configured model for every memory lacking one (after a model change).
import { fillEmbeddingScopes, reembedMissing } from '@svc/core';
import type { Embedder } from '@svc/embeddings';
import { defineJob, type JobDefinition } from '../job-definition';
import { everyHours } from '../cron';

export const REEMBED_JOB = 'reembed-memories';

/**
 * Switching EMBEDDINGS_* to a stronger model is a deploy: the run after it embeds every memory
 * with the new model, newest first, one batch at a time (vectors of the old model stay, so
 * switching back is free). A backlog longer than the 15-minute cap is taken up where it stopped
 * by the hourly run, which otherwise finds nothing to do. The same run gives vectors stored before
 * migration 0024 their memory's owner and scope. Without a model there is no definition (and no
 * vector search to speed up).
 */
export function reembedJob(embedder: Embedder | null): JobDefinition | null {
  if (!embedder) return null;
  return defineJob({
    name: REEMBED_JOB,
    schedule: everyHours(1),
    runAfterDeploy: true,
    handler: async (ctx) => {
      // Vectors from before migration 0024 first: until filled, reading each costs a lookup.
      const scoped = await fillEmbeddingScopes(ctx.database, ctx.logger, { signal: ctx.signal });
      return { ...(await reembedMissing(ctx.database, embedder, ctx.logger, { signal: ctx.signal })), scoped };
    },
  });
}
