// `import_memory`: bring many memories in at once, e.g. from another memory system's export.
import { z } from 'zod';
import { IMPORT_ITEMS_MAX, SOURCE_FIELD_MAX_CHARS } from '../bounds';
import { pointInTime, uuid } from '../shared/ids';
import {
  importance,
  memoryContent,
  memoryKind,
  memorySource,
  metadata,
  tags,
} from '../shared/memory-fields';
import { projectRef, refineSingleTarget, scopeTarget, targetFields } from '../shared/scope';
import { boundedText } from '../shared/text';
import { threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

const importItem = z.strictObject({
  content: memoryContent,
  kind: memoryKind.optional(),
  tags: tags.optional(),
  importance: importance.optional(),
  event_at: pointInTime.optional(),
  created_at: pointInTime.optional().describe('When the original was written, kept for ordering.'),
  external_id: boundedText(SOURCE_FIELD_MAX_CHARS)
    .optional()
    .describe('Id in the source system; re-imports skip it.'),
  source: memorySource.optional(),
  metadata: metadata.optional(),
});

const input = z
  .strictObject({
    items: z.array(importItem).min(1).max(IMPORT_ITEMS_MAX),
    source_system: boundedText(SOURCE_FIELD_MAX_CHARS)
      .optional()
      .describe('e.g. "mem0", "markdown notes".'),
    ...targetFields,
    ...threadField,
  })
  .superRefine(refineSingleTarget);

export const IMPORT_REJECT_REASONS = [
  'secret_content_rejected',
  'duplicate',
  'already_imported',
] as const;

const output = z.object({
  imported: z.array(z.object({ index: z.int().min(0), id: uuid })),
  rejected: z.array(z.object({ index: z.int().min(0), reason: z.enum(IMPORT_REJECT_REASONS) })),
  to: z.object({ scope: scopeTarget, project: projectRef.nullable() }),
});

export const importMemoryTool = defineTool({
  name: 'import_memory',
  title: 'Import memories',
  description: describe(
    "Import up to 100 memories in one call, e.g. from another memory tool's export or from notes the user hands you. Each item is stored like a remember without supersedes; items are reported by their index as imported or rejected (a secret in the content, an identical memory already stored, or an external_id imported before), so a batch never fails for one bad item. Send larger sets in several calls.",
    'Target: scope or project_hint, else the session\'s project; without any target the call is refused with "scope_target_required:". A project name that fits none or several of your projects is refused with "project_hint_unresolvable:" and your projects listed.',
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
