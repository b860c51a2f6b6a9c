// Hygiene on HYGIENE_INTERVAL_HOURS: a scan_hygiene run recorded for every person with memories.
import type { MemoryDeps } from '@svc/core';
import { everyHours } from '../cron';
import { defineJob, type JobDefinition } from '../job-definition';
import { scheduledHygiene } from './hygiene.handler';

/** Unset interval, no definition: the schedule exists only when an operator asks for it. */
export function hygieneJob(
  memory: MemoryDeps,
  intervalHours: number | undefined,
): JobDefinition | null {
  if (!intervalHours) return null;
  return defineJob({
    name: 'hygiene',
    schedule: everyHours(intervalHours),
    handler: (ctx) => scheduledHygiene(ctx, memory),
  });
}
