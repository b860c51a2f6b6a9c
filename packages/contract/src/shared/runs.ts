// Background runs started by a request (`scan_hygiene`, `benchmark_memory`) and read back by id.
import { z } from 'zod';
import { isoDateTime, uuid } from './ids';

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const runStatus = z.enum(RUN_STATUSES);

export const runId = uuid.describe('Id of a run from an earlier answer of this tool.');

export const runView = z.object({
  id: uuid,
  status: runStatus,
  requested_at: isoDateTime,
  started_at: isoDateTime.nullable(),
  finished_at: isoDateTime.nullable(),
  error: z.string().nullable().describe('Why a failed run failed.'),
  started: z.boolean().describe('False when an equal run already queued or running was returned.'),
});
export type RunView = z.infer<typeof runView>;
