// The caller's projects, and which of them a partial name could become, matched as project_hint matches names.
import { foldProjectName, listCallerProjects } from '@svc/core';
import type { ToolContext } from '../../deps';

export interface ListedProject {
  id: string;
  name: string;
  aliases: string[];
  initials: string | null;
}

export function callerProjects(ctx: ToolContext): Promise<ListedProject[]> {
  const { userId, aal } = ctx.caller;
  return ctx.deps.database.asUser({ userId, aal }, (tx) => listCallerProjects(tx, userId));
}

/**
 * project_hint folds case, spaces, dashes and underscores and accepts the name, an alias or the
 * initials; a completion offers every name whose folded name, alias or initials start with the
 * folded partial value, so what is offered is what project_hint would then resolve.
 */
export function completeProjectNames(projects: readonly ListedProject[], partial: string): string[] {
  const folded = foldProjectName(partial);
  const fits = (p: ListedProject) =>
    [p.name, ...p.aliases, ...(p.initials ? [p.initials] : [])].some((v) => foldProjectName(v).startsWith(folded));
  return [...new Set(projects.filter(fits).map((p) => p.name))];
}
