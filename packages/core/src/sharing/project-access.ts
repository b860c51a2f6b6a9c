// The caller's standing in one project, checked before a sharing operation says anything about it.
import { fail } from '@svc/errors';
import { and, eq } from 'drizzle-orm';
import { projectMembers, projects, type ProjectRole, type Tx } from '@svc/db';

/** What names a project on every sharing surface: selected alike by the standing check and the overview. */
export const projectIdentity = {
  id: projects.id,
  name: projects.name,
  slug: projects.slug,
  aliases: projects.aliases,
  initials: projects.initials,
};

export interface ProjectStanding {
  project: { id: string; name: string; slug: string; aliases: string[]; initials: string | null };
  role: ProjectRole;
}

/**
 * A project the caller is not a member of is `not_found` (its existence is not theirs to learn);
 * a member without the needed role is `forbidden`. Under row-level security the join sees only
 * the caller's own projects anyway; the explicit user filter makes the answer the same when run
 * privileged (the CLI).
 */
export async function projectStanding(
  tx: Tx,
  userId: string,
  projectId: string,
  need: 'member' | 'owner' = 'member',
): Promise<ProjectStanding> {
  const [row] = await tx
    .select({ ...projectIdentity, role: projectMembers.role })
    .from(projects)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) throw fail.notFound('No such project among yours', { project_id: projectId });
  if (need === 'owner' && row.role !== 'owner') {
    throw fail.forbidden('Only an owner of the project may do that', { project_id: projectId, role: row.role });
  }
  const { role, ...project } = row;
  return { project, role };
}
