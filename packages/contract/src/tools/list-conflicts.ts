// `list_conflicts`: the caller's own conflicts between memories (contradictions, duplicates).
import { z } from 'zod';
import { conflictKind, conflictStatus, conflictView } from '../shared/conflict-view';
import { nextCursor, pageFields } from '../shared/pagination';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

const input = z
  .strictObject({
    status: conflictStatus.default('open'),
    kind: conflictKind.optional(),
    ...pageFields,
    ...targetFields,
    ...threadField,
  })
  .superRefine(refineSingleTarget);

const output = z.object({
  conflicts: z.array(conflictView),
  next_cursor: nextCursor,
});

export const listConflictsTool = defineTool({
  name: 'list_conflicts',
  title: 'List conflicts',
  description: describe(
    'List conflicts found between your memories: contradictions (two memories that cannot both be true) and duplicates. Each shows both memories and what they disagree on. Use it when recall returns inconsistent answers or after scan_hygiene, then settle them with resolve_conflicts.',
    'Only your own conflicts are listed, and limit (1..100, default 20) counts only those. Default status is open; narrow by kind or by scope/project_hint.',
  ),
  input,
  output,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
});
