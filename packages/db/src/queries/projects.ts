// Projects: creating one with its owner, scope and board; listing the projects of a user.
import { fail } from '@svc/errors';
import { asc, eq } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Executor, Tx } from '../client/types';
import { constraintOf, sqlStateOf } from '../errors';
import { boards } from '../schema/boards';
import { projectMembers } from '../schema/project-members';
import { projects } from '../schema/projects';
import { scopes } from '../schema/scopes';

export type Project = typeof projects.$inferSelect;
export type ProjectRole = (typeof projectMembers.$inferSelect)['role'];

export interface CreateProjectInput {
  ownerId: string;
  name: string;
  /** Derived from the name when absent; a derived slug that is taken gets a short suffix. */
  slug?: string;
  aliases?: string[];
  /** Derived from the name when absent ("memory service" → "MS"). */
  initials?: string;
  gitRemotes?: string[];
  repoPaths?: string[];
  /**
   * The location a project set up at first sight is known by (`remote:…` or `path:…`), unique per
   * owner in the database: a second project at the same key is refused as PROJECT_LOCATION_TAKEN.
   */
  locationKey?: string;
}

/** `details.reason` of the conflict a taken location key is refused with; a concurrent first sight won. */
export const PROJECT_LOCATION_TAKEN = 'project_location_taken';

export interface CreatedProject {
  project: Project;
  scopeId: string;
  boardId: string;
}

export function slugify(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug === '' ? 'project' : slug;
}

export function initialsOf(name: string): string {
  return name
    .split(/[\s\-_./]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** The unique index that makes a location key one project per owner (migration 0023). */
const LOCATION_INDEX = 'projects_creator_location_key';

/**
 * Inserts the project row inside a savepoint so a taken derived slug can be retried. Returns false
 * when the owner already has a project at `locationKey`: the unique index makes a concurrent insert
 * of the same key wait for the first to commit and then fail, so of any number of first sights
 * exactly one inserts. A plain INSERT rather than ON CONFLICT: naming arbiter columns needs SELECT
 * on the new row, which row-level security refuses a signed-in creator until the membership exists.
 */
async function insertProject(tx: Tx, id: string, input: CreateProjectInput): Promise<boolean> {
  const base = input.slug ?? slugify(input.name);
  const values = {
    id,
    name: input.name,
    aliases: input.aliases ?? [],
    initials: input.initials ?? initialsOf(input.name),
    gitRemotes: input.gitRemotes ?? [],
    repoPaths: input.repoPaths ?? [],
    locationKey: input.locationKey ?? null,
    createdBy: input.ownerId,
  };
  const insert = async (slug: string): Promise<'inserted' | 'slug_taken' | 'location_taken'> => {
    try {
      await tx.transaction((sp) => sp.insert(projects).values({ ...values, slug }).then(() => undefined));
      return 'inserted';
    } catch (thrown) {
      if (sqlStateOf(thrown) !== '23505') throw thrown;
      return constraintOf(thrown) === LOCATION_INDEX ? 'location_taken' : 'slug_taken';
    }
  };
  let outcome = await insert(base);
  if (outcome === 'slug_taken') {
    if (input.slug !== undefined) throw fail.conflict('a project with this slug already exists', { slug: base });
    outcome = await insert(`${base}-${randomBytes(3).toString('hex')}`);
    if (outcome === 'slug_taken') throw fail.conflict('a project with this slug already exists', { slug: base });
  }
  return outcome === 'inserted';
}

/**
 * Creates the project, its owner membership, its scope and its board in one transaction. Works as
 * the owner (asUser) or privileged; ids are generated here because a signed-in creator cannot
 * read the project back (RETURNING) until the membership exists.
 */
export async function createProject(exec: Executor, input: CreateProjectInput): Promise<CreatedProject> {
  if (input.name.trim() === '') throw fail.validation('project name must not be empty');
  return exec.transaction(async (tx) => {
    const id = randomUUID();
    if (!(await insertProject(tx, id, input))) {
      throw fail.conflict('You already have a project at this location', {
        location_key: input.locationKey,
        reason: PROJECT_LOCATION_TAKEN,
      });
    }
    await tx.insert(projectMembers).values({ projectId: id, userId: input.ownerId, role: 'owner' });
    const scopeId = randomUUID();
    await tx.insert(scopes).values({ id: scopeId, kind: 'project', projectId: id });
    const boardId = randomUUID();
    await tx.insert(boards).values({ id: boardId, scopeId, projectId: id, name: input.name });
    const [project] = await tx.select().from(projects).where(eq(projects.id, id));
    if (project === undefined) throw new Error('created project is not readable');
    return { project, scopeId, boardId };
  });
}

export interface ProjectMembership {
  project: Project;
  role: ProjectRole;
  scopeId: string | null;
  boardId: string | null;
}

export async function listProjectsForUser(exec: Executor, userId: string): Promise<ProjectMembership[]> {
  return exec
    .select({ project: projects, role: projectMembers.role, scopeId: scopes.id, boardId: boards.id })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .leftJoin(scopes, eq(scopes.projectId, projects.id))
    .leftJoin(boards, eq(boards.scopeId, scopes.id))
    .where(eq(projectMembers.userId, userId))
    .orderBy(asc(projects.name));
}

/** Adds or changes a member's role (owners only, when run as a user). */
export async function setProjectMember(
  exec: Executor,
  projectId: string,
  userId: string,
  role: ProjectRole,
): Promise<void> {
  await exec
    .insert(projectMembers)
    .values({ projectId, userId, role })
    .onConflictDoUpdate({ target: [projectMembers.projectId, projectMembers.userId], set: { role } });
}
