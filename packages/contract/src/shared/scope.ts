// Where a write lands or a read looks: a scope target or a project hint, never both.
import { z } from 'zod';
import { PROJECT_HINT_MAX_CHARS } from '../bounds';
import { uuid } from './ids';
import { boundedText } from './text';

/** Wire form of a scope target: `"personal"` or `"project:<project uuid>"`. */
export const scopeTarget = z
  .union([z.literal('personal'), z.templateLiteral(['project:', uuid])])
  .describe('Scope target: "personal" or "project:<project uuid>".');

export type ScopeTarget = z.infer<typeof scopeTarget>;

/** A project name, alias, initials, repository path or git remote. */
export const projectHint = boundedText(PROJECT_HINT_MAX_CHARS).describe(
  'Project by name, alias, initials, repository path or git remote. A name must match exactly one ' +
    'of your projects; a path or remote seen for the first time sets up a new project.',
);

export const targetFields = {
  scope: scopeTarget.optional(),
  project_hint: projectHint.optional(),
};

/** Both at once would let two different targets compete; the caller must pick one. */
export function refineSingleTarget(
  value: { scope?: unknown; project_hint?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (value.scope !== undefined && value.project_hint !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['project_hint'],
      message: 'pass scope or project_hint, not both',
    });
  }
}

export function projectScope(projectId: string): ScopeTarget {
  return `project:${projectId}`;
}

/** A project as results name it. */
export const projectRef = z.object({ id: uuid, name: z.string() });
export type ProjectRef = z.infer<typeof projectRef>;
