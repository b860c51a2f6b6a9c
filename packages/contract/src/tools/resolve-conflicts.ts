// `resolve_conflicts`: settle the caller's conflicts by a policy or by explicit per-conflict choices.
import { z } from 'zod';
import { CONFLICT_CHOICES_MAX } from '../bounds';
import { conflictKind } from '../shared/conflict-view';
import { uuid } from '../shared/ids';
import { memoryContent } from '../shared/memory-fields';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

/** Merging needs words only the caller can supply, so `merge` exists only as an explicit choice. */
export const CONFLICT_POLICIES = [
  'keep_newest',
  'keep_oldest',
  'keep_higher_importance',
  'keep_both',
] as const;
export const CONFLICT_CHOICES = ['a', 'b', 'both', 'merge'] as const;

const choice = z
  .strictObject({
    conflict_id: uuid,
    keep: z
      .enum(CONFLICT_CHOICES)
      .describe(
        'a or b: the other is superseded. both: dismiss. merge: merged_content supersedes both.',
      ),
    merged_content: memoryContent.optional(),
  })
  .refine((c) => (c.keep === 'merge') === (c.merged_content !== undefined), {
    message: 'merged_content is required with keep: merge and only then',
    path: ['merged_content'],
  });

const input = z
  .strictObject({
    policy: z
      .enum(CONFLICT_POLICIES)
      .optional()
      .describe('Applied to every selected conflict without a choice.'),
    choices: z.array(choice).min(1).max(CONFLICT_CHOICES_MAX).optional(),
    conflict_ids: z
      .array(uuid)
      .min(1)
      .max(CONFLICT_CHOICES_MAX)
      .optional()
      .describe('Default: all your open conflicts.'),
    kind: conflictKind.optional(),
    dry_run: z
      .boolean()
      .default(false)
      .describe('Report what would happen without changing anything.'),
    ...targetFields,
    ...threadField,
  })
  .superRefine((value, ctx) => {
    refineSingleTarget(value, ctx);
    if (value.policy === undefined && value.choices === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['policy'],
        message: 'pass a policy, choices, or both',
      });
    }
    const ids = (value.choices ?? []).map((c) => c.conflict_id);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'one choice per conflict' });
    }
  });

export const CONFLICT_OUTCOMES = ['resolved', 'dismissed', 'skipped'] as const;

const output = z.object({
  resolved: z.int().min(0).describe('Your conflicts settled (resolved or dismissed).'),
  skipped: z
    .int()
    .min(0)
    .describe("Your conflicts that could not be settled; others' are not counted."),
  results: z.array(
    z.object({
      conflict_id: uuid,
      outcome: z.enum(CONFLICT_OUTCOMES),
      kept: z.array(uuid),
      superseded: z.array(uuid),
      created: uuid.nullable().describe('The merged memory, for keep: merge.'),
      reason: z.string().nullable().describe('Why it was skipped.'),
    }),
  ),
  dry_run: z.boolean(),
});

export const resolveConflictsTool = defineTool({
  name: 'resolve_conflicts',
  title: 'Resolve conflicts',
  description: describe(
    'Settle conflicts between your memories (see list_conflicts). A policy settles every selected conflict: keep_newest, keep_oldest or keep_higher_importance keep one memory and mark the other superseded by it; keep_both dismisses the conflict and keeps both. choices settle single conflicts explicitly (keep a, b, both, or merge with merged_content, which becomes a new memory superseding both) and win over the policy.',
    'Select conflicts with conflict_ids, or by kind and scope/project_hint; default is all your open conflicts. Only your own conflicts are settled: skipped counts only yours that could not be (e.g. already resolved, or a memory you do not own). Try dry_run: true first on a large set. Superseded memories can be brought back with restore_memory.',
  ),
  input,
  output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
});
