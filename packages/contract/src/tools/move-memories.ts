// `move_memories`: move your memories into another scope (sharing them into a project, or back).
import { z } from 'zod';
import { bulkIds, skippedItem } from '../shared/bulk';
import { uuid } from '../shared/ids';
import { projectRef, projectHint, scopeTarget } from '../shared/scope';
import { defineTool, describe } from '../shared/tool';

const input = z
  .strictObject({
    ids: bulkIds,
    scope: scopeTarget.optional().describe('Destination scope.'),
    project_hint: projectHint.optional().describe('Destination project.'),
  })
  .superRefine((value, ctx) => {
    if ((value.scope === undefined) === (value.project_hint === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['scope'],
        message: 'pass exactly one of scope or project_hint',
      });
    }
  });

const output = z.object({
  moved: z.array(uuid),
  skipped: z.array(skippedItem),
  to: z.object({ scope: scopeTarget, project: projectRef.nullable() }),
});

export const moveMemoriesTool = defineTool({
  name: 'move_memories',
  title: 'Move memories',
  description: describe(
    'Move memories you own into another scope: into a project to share them with its members, or to "personal" to take them private. Use it when a memory was stored in the wrong place. Only the owner moves a memory, and only into scopes they can write; other ids are reported under skipped.',
    'Give the destination as scope ("personal" or "project:<id>") or project_hint (exactly one). A project name that matches none or several of your projects is refused with "project_hint_unresolvable:" and your projects listed; a repository path or git remote seen for the first time sets up a new project.',
  ),
  input,
  output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
});
