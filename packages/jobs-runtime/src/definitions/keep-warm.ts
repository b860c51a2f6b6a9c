// The embedding warm-up: one embedding every KEEP_WARM_MINUTES keeps the worker's model loaded.
import type { Embedder } from '@svc/embeddings';
import { defineJob, type JobDefinition } from '../job-definition';
import { everyMinutes } from '../cron';

/** Off at 0 minutes or without a model: then there is no definition, so no schedule. */
export function keepWarmJob(embedder: Embedder | null, minutes: number): JobDefinition | null {
  if (!embedder || minutes <= 0) return null;
  return defineJob({
    name: 'embedding-warm-up',
    schedule: everyMinutes(minutes),
    // A warm-up that takes a minute is a model that is not warm; it never needs the full cap.
    timeoutMs: 60_000,
    handler: async () => {
      await embedder.embed(['warm-up'], 'query');
      return { warmed: true };
    },
  });
}
