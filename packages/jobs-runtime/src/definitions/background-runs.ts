// The request-started runs, one queue each: sent when a request starts one, never scheduled.
import { createRunHandlers, type MemoryDeps } from '@svc/core';
import { defineJob, type JobDefinition } from '../job-definition';
import { executeRun } from './background-runs.handler';

export function backgroundRunJobs(memory: MemoryDeps): JobDefinition[] {
  return Object.entries(createRunHandlers(memory)).map(([name, handler]) =>
    defineJob({ name, alarm: 'run_failed', handler: (ctx) => executeRun(ctx, handler) }),
  );
}
