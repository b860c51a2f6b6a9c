// Project members and their roles: listed by any member, added, re-roled and removed by owners.
import { fail } from '@svc/errors';
import { and, asc, eq, sql } from 'drizzle-orm';
import { projectMembers, sqlStateOf, users, type ProjectRole, type Tx } from '@svc/db';

export const PROJECT_ROLES = ['owner', 'writer', 'reader'] as const satisfies readonly ProjectRole[];

export interface ProjectMember {
  userId: string;
  email: string;
  displayName: string | null;
  role: ProjectRole;
  joinedAt: Date;
}

const LAST_OWNER =
  'A project keeps at least one owner: make another member owner first (or delete the project if no one else is in it)';

/**
 * Runs a membership write; the database's last-owner trigger (23514, `project_members_owner_kept`)
 * becomes a `conflict` with a sentence saying what to do instead.
 */
async function keepingAnOwner<T>(write: () => Promise<T>, projectId: string): Promise<T> {
  try {
    return await write();
  } catch (thrown) {
    // project_members has no check constraint of its own: a 23514 here is the trigger's.
    if (sqlStateOf(thrown) === '23514') {
      throw fail.conflict(LAST_OWNER, { project_id: projectId });
    }
    throw thrown;
  }
}

/** Owners first, then writers, then readers; by email within a role. */
export async function listProjectMembers(tx: Tx, projectId: string): Promise<ProjectMember[]> {
  return tx
    .select({
      userId: projectMembers.userId,
      email: users.email,
      displayName: users.displayName,
      role: projectMembers.role,
      joinedAt: projectMembers.createdAt,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(sql`array_position(array['owner','writer','reader']::project_role[], ${projectMembers.role})`, asc(users.email));
}

async function currentRole(tx: Tx, projectId: string, userId: string): Promise<ProjectRole | null> {
  const [row] = await tx
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** Adds a person who is not a member yet; an existing member is a `conflict` (change the role instead). */
export async function addProjectMember(tx: Tx, projectId: string, userId: string, role: ProjectRole): Promise<void> {
  const existing = await currentRole(tx, projectId, userId);
  if (existing !== null) {
    throw fail.conflict(`Already a member of the project (${existing}); change the role instead`, {
      project_id: projectId,
      role: existing,
    });
  }
  await tx.insert(projectMembers).values({ projectId, userId, role });
}

/** Returns the role before the change; a person who is not a member is `not_found`. */
export async function setProjectMemberRole(
  tx: Tx,
  projectId: string,
  userId: string,
  role: ProjectRole,
): Promise<ProjectRole> {
  const before = await currentRole(tx, projectId, userId);
  if (before === null) throw fail.notFound('No such member in the project', { project_id: projectId });
  if (before === role) return before;
  await keepingAnOwner(
    () =>
      tx
        .update(projectMembers)
        .set({ role })
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId))),
    projectId,
  );
  return before;
}

/**
 * Removes a member (or the caller leaving). Memories they wrote into the project stay there, still
 * theirs: the project keeps what was shared with it, and they keep seeing what they own.
 */
export async function removeProjectMember(tx: Tx, projectId: string, userId: string): Promise<ProjectRole> {
  const before = await currentRole(tx, projectId, userId);
  if (before === null) throw fail.notFound('No such member in the project', { project_id: projectId });
  await keepingAnOwner(
    () => tx.delete(projectMembers).where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId))),
    projectId,
  );
  return before;
}
