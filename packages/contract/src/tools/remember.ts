// `remember`: store one durable memory in a scope or project, superseding older ones if asked.
import { z } from 'zod';
import { SUPERSEDES_MAX } from '../bounds';
import { pointInTime, uuid } from '../shared/ids';
import {
  importance,
  memoryContent,
  memoryKind,
  memorySource,
  metadata,
  tags,
} from '../shared/memory-fields';
import { memoryView } from '../shared/memory-view';
import { carriedRule } from '../shared/rule-view';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { sessionSchema, threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

const input = z
  .strictObject({
    content: memoryContent.describe(
      'One self-contained statement, understandable without the chat.',
    ),
    kind: memoryKind.optional().describe('Default: inferred from the content.'),
    tags: tags.optional(),
    importance: importance
      .optional()
      .describe('0..1, default 0.5. Use 0.8+ for things that must not be missed.'),
    ...targetFields,
    supersedes: z
      .array(uuid)
      .max(SUPERSEDES_MAX)
      .optional()
      .describe('Ids of memories this one replaces.'),
    event_at: pointInTime.optional().describe('When the remembered thing happened, if not now.'),
    loop: z.boolean().optional().describe('true: store as an open loop (something still to do).'),
    on_duplicate: z
      .enum(['return_existing', 'store_anyway'])
      .default('return_existing')
      .describe('What to do when the same content is already stored in the target scope.'),
    source: memorySource.optional(),
    metadata: metadata.optional(),
    ...threadField,
  })
  .superRefine(refineSingleTarget);

const nearDuplicate = z.object({
  id: uuid,
  similarity: z.number().min(0).max(1),
  content: z.string().describe('Preview of the similar memory.'),
});

const output = z.object({
  memory: memoryView,
  created: z.boolean().describe('False when an identical memory was returned instead.'),
  duplicate_of: uuid.nullable(),
  near_duplicates: z.array(nearDuplicate).describe('Similar memories; consider superseding them.'),
  superseded: z.array(uuid).describe('Memories this one superseded.'),
  rules: z.object({
    carried: z.array(carriedRule).describe('Rules moved to this memory with their text unchanged.'),
    needs_review: z
      .array(carriedRule)
      .describe('Rules whose source was superseded with other text.'),
  }),
  pending: z
    .array(z.enum(['translation', 'conflict_check']))
    .describe('Work continuing in the background after this answer.'),
  session: sessionSchema.optional(),
});

export const rememberTool = defineTool({
  name: 'remember',
  title: 'Remember',
  description: describe(
    'Store one durable memory: a fact, preference, decision, instruction, event or observation worth knowing in a later session. Use it whenever the user states something lasting, a decision is made, or you learn how this project works. Do not store secrets, passing chatter, or what the repository already records.',
    'Target: pass scope ("personal" or "project:<id>") or project_hint (project name, alias, initials, repo path or git remote), or neither to use the session\'s attached project. Without any target the call is refused with "scope_target_required:" and your projects are listed; a project name matching none or several projects is refused with "project_hint_unresolvable:". Content that looks like a secret (keys, tokens, passwords) is refused with "secret_content_rejected:".',
    'When the new memory replaces older ones, pass their ids in supersedes: they stop appearing in recall. Standing rules promoted from a superseded memory are reported under rules: carried when the new text equals the rule text, otherwise needs_review. Set loop: true for an open loop (a follow-up still to do); close it later with close_loop.',
    "Echo the thread from an earlier result to keep the session's project across reconnects.",
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
