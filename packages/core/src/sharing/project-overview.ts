// The caller's projects with what the projects page shows of each: role, members, memories, cards, last activity.
import { and, asc, eq, sql } from 'drizzle-orm';
import { boards, projectMembers, projects, scopes, type ProjectRole, type Tx } from '@svc/db';
import { projectIdentity } from './project-access';

export interface ProjectOverview {
  id: string;
  name: string;
  slug: string;
  aliases: string[];
  initials: string | null;
  role: ProjectRole;
  boardId: string | null;
  members: number;
  /** Live memories of the project scope: not retired and not superseded. */
  memories: number;
  cards: number;
  /** Cards not yet done or dropped. */
  openCards: number;
  /** The newest memory write or card change in the project, or its creation when nothing happened since. */
  lastActivityAt: Date;
}

/**
 * Counted in SQL, one row per project. Run as the caller, the counts are of what they see, which
 * for a member is the whole project scope and board.
 */
export async function listProjectOverviews(tx: Tx, userId: string, projectId?: string): Promise<ProjectOverview[]> {
  const rows = await tx
    .select({
      ...projectIdentity,
      role: projectMembers.role,
      boardId: boards.id,
      members: sql<number>`(select count(*)::int from project_members pm where pm.project_id = ${projects.id})`,
      memories: sql<number>`(select count(*)::int from memories m where m.scope_id = ${scopes.id}
        and m.invalidated_at is null
        and not exists (select 1 from memory_supersedes s where s.predecessor_id = m.id))`,
      cards: sql<number>`(select count(*)::int from cards c where c.board_id = ${boards.id})`,
      openCards: sql<number>`(select count(*)::int from cards c where c.board_id = ${boards.id} and c.state not in ('done', 'dropped'))`,
      lastActivityAt: sql<string>`greatest(${projects.createdAt},
        (select max(m.updated_at) from memories m where m.scope_id = ${scopes.id}),
        (select max(c.updated_at) from cards c where c.board_id = ${boards.id}))`,
    })
    .from(projects)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
    .innerJoin(scopes, eq(scopes.projectId, projects.id))
    .leftJoin(boards, eq(boards.scopeId, scopes.id))
    .where(projectId === undefined ? undefined : eq(projects.id, projectId))
    .orderBy(asc(projects.name));
  // A raw timestamp comes back as text from both drivers.
  return rows.map((row) => ({ ...row, lastActivityAt: new Date(row.lastActivityAt) }));
}
