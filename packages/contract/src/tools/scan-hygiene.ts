// `scan_hygiene`: start a background scan for duplicates, stale memories and conflicts, or read one.
import { z } from 'zod';
import { uuid } from '../shared/ids';
import { runId, runView } from '../shared/runs';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

export const HYGIENE_CHECKS = ['duplicates', 'stale', 'conflicts'] as const;
const hygieneCheck = z.enum(HYGIENE_CHECKS);

const input = z
  .strictObject({
    run_id: runId.optional().describe('Read this scan instead of starting one.'),
    checks: z
      .array(hygieneCheck)
      .min(1)
      .max(HYGIENE_CHECKS.length)
      .optional()
      .describe('Default: all.'),
    ...targetFields,
    ...threadField,
  })
  .superRefine((value, ctx) => {
    refineSingleTarget(value, ctx);
    const startOptions = [value.checks, value.scope, value.project_hint];
    if (value.run_id !== undefined && startOptions.some((option) => option !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['run_id'],
        message: 'run_id reads a scan; pass no start options with it',
      });
    }
  });

const finding = z.object({
  check: hygieneCheck,
  memory_ids: z.array(uuid),
  detail: z.string(),
  conflict_id: uuid
    .nullable()
    .describe('The conflict recorded for it, to settle with resolve_conflicts.'),
});

const output = z.object({
  run: runView,
  result: z
    .object({
      scanned: z.int().min(0),
      counts: z.record(hygieneCheck, z.int().min(0)),
      findings: z.array(finding),
    })
    .nullable()
    .describe('null until the run has succeeded.'),
});

export const scanHygieneTool = defineTool({
  name: 'scan_hygiene',
  title: 'Scan hygiene',
  description: describe(
    "Start a scan of your memories for duplicates, stale memories and contradictions, or read a scan's outcome. The answer comes at once with the run id and status; the scan continues in the background (up to 15 minutes, one at a time). Call again with run_id to read it; result is filled once status is succeeded.",
    'Found contradictions and duplicates are recorded as conflicts: review them with list_conflicts and settle them with resolve_conflicts. Nothing is retired by the scan itself. Asking for a scan while an equal one is queued or running returns that run (started: false).',
  ),
  input,
  output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
});
