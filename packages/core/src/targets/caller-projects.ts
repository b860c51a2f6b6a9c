// The caller's projects as target resolution needs them: names, aliases, initials, paths and role.
import { and, arrayContains, eq } from 'drizzle-orm';
import { PROJECT_LOCATION_TAKEN, createProject, projectMembers, projects, scopes, type Tx } from '@svc/db';
import { fail, isServiceError } from '@svc/errors';
import { deriveInitials } from '../projects/initials';

export interface CallerProject {
  id: string;
  name: string;
  aliases: string[];
  initials: string | null;
  role: 'owner' | 'writer' | 'reader';
  scopeId: string;
}

const columns = {
  id: projects.id,
  name: projects.name,
  aliases: projects.aliases,
  initials: projects.initials,
  role: projectMembers.role,
  scopeId: scopes.id,
};

function memberProjects(tx: Tx, userId: string) {
  return tx
    .select(columns)
    .from(projects)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
    .innerJoin(scopes, eq(scopes.projectId, projects.id));
}

export async function listCallerProjects(tx: Tx, userId: string): Promise<CallerProject[]> {
  return memberProjects(tx, userId).orderBy(projects.createdAt);
}

export async function findCallerProject(tx: Tx, userId: string, projectId: string): Promise<CallerProject | null> {
  const [row] = await memberProjects(tx, userId).where(eq(projects.id, projectId)).limit(1);
  return row ?? null;
}

/** Only the caller's own projects are searched: another user's repository stays invisible. */
export async function findCallerProjectsByLocation(
  tx: Tx,
  userId: string,
  location: { path?: string; remote?: string },
): Promise<CallerProject[]> {
  const where = location.remote
    ? arrayContains(projects.gitRemotes, [location.remote])
    : arrayContains(projects.repoPaths, [location.path ?? '']);
  return memberProjects(tx, userId).where(where);
}

/** What a project set up at first sight is known by, unique per owner in the database. */
function locationKeyOf(at: { path?: string; remote?: string }): string {
  return at.remote ? `remote:${at.remote}` : `path:${at.path ?? ''}`;
}

/**
 * The caller's project at a repository path or git remote, set up on first sight. Concurrent first
 * sights (several agents, several instances) meet at the database's unique location key: one
 * inserts, the others' inserts wait for it to commit and do nothing, and they read its project.
 */
export async function findOrCreateProjectAt(
  tx: Tx,
  userId: string,
  at: { name: string; path?: string; remote?: string },
): Promise<CallerProject> {
  const location = at.remote ? { remote: at.remote } : { path: at.path ?? '' };
  const [found] = await findCallerProjectsByLocation(tx, userId, location);
  if (found) return found;
  try {
    return await createProjectAt(tx, userId, at);
  } catch (thrown) {
    if (!isServiceError(thrown) || thrown.details?.reason !== PROJECT_LOCATION_TAKEN) throw thrown;
    // Read committed: this statement sees the project the winner has committed by now.
    const [settled] = await findCallerProjectsByLocation(tx, userId, location);
    if (settled) return settled;
    throw fail.conflict('A project you created at this location no longer lists you as a member', { location: at.remote ?? at.path });
  }
}

/** Sets up a project on first sight of its repository path or git remote, owned by the caller. */
async function createProjectAt(
  tx: Tx,
  userId: string,
  at: { name: string; path?: string; remote?: string },
): Promise<CallerProject> {
  const created = await createProject(tx, {
    ownerId: userId,
    name: at.name,
    initials: deriveInitials(at.name),
    gitRemotes: at.remote ? [at.remote] : [],
    repoPaths: at.path ? [at.path] : [],
    locationKey: locationKeyOf(at),
  });
  return {
    id: created.project.id,
    name: created.project.name,
    aliases: created.project.aliases,
    initials: created.project.initials,
    role: 'owner',
    scopeId: created.scopeId,
  };
}
