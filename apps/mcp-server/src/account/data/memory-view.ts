// The dashboard's row for a memory: the contract's view trimmed to what a list shows, with its project's name.
import type { MemoryView } from '@svc/contract';
import { listCallerProjects, type Actor } from '@svc/core';
import type { Database } from '@svc/db';

export type ProjectNames = ReadonlyMap<string, string>;

/** Names of the projects the person belongs to: the only ones whose memories or rules they can see. */
export async function projectNames(database: Database, actor: Actor): Promise<ProjectNames> {
  const projects = await database.asUser(actor, (tx) => listCallerProjects(tx, actor.userId));
  return new Map(projects.map((p) => [p.id, p.name]));
}

export function projectOf(projectId: string | null, names: ProjectNames) {
  return projectId ? { id: projectId, name: names.get(projectId) ?? null } : null;
}

export function dashboardMemory(view: MemoryView, names: ProjectNames) {
  return {
    id: view.id,
    // A preview of at most MEMORY_PREVIEW_MAX_CHARS, as on the tool plane; `truncated` says so.
    content: view.content,
    truncated: view.truncated,
    // The English text is what is ranked and shown; the text as written and its language travel beside it.
    language: view.language,
    original: view.original ?? null,
    kind: view.kind,
    tags: view.tags,
    importance: view.importance,
    scope: view.scope,
    project: projectOf(view.project_id, names),
    owner_id: view.owner_id,
    status: view.status,
    retired: view.invalidated_at !== null,
    invalidated_at: view.invalidated_at,
    invalidation_reason: view.invalidation_reason,
    loop_state: view.loop_state,
    supersedes: view.supersedes,
    superseded_by: view.superseded_by,
    created_at: view.created_at,
    updated_at: view.updated_at,
  };
}

export type DashboardMemory = ReturnType<typeof dashboardMemory>;
