// Projects: creating one with its owner, scope and board; listing the projects of a user.
import { fail } from '@svc/errors';
import { asc, eq } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Executor, Tx } from '../client/types';
import { sqlStateOf } from '../errors';
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
}

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

/** Inserts the project row inside a savepoint so a taken derived slug can be retried. */
async function insertProject(tx: Tx, id: string, input: CreateProjectInput): Promise<void> {
  const base = input.slug ?? slugify(input.name);
  const values = {
    id,
    name: input.name,
    aliases: input.aliases ?? [],
    initials: input.initials ?? initialsOf(input.name),
    gitRemotes: input.gitRemotes ?? [],
    repoPaths: input.repoPaths ?? [],
    createdBy: input.ownerId,
  };
  try {
    await tx.transaction((sp) => sp.insert(projects).values({ ...values, slug: base }).then(() => undefined));
  } catch (thrown) {
    if (sqlStateOf(thrown) !== '23505') throw thrown;
    if (input.slug !== undefined) throw fail.conflict('a project with this slug already exists', { slug: base });
    await tx.insert(projects).values({ ...values, slug: `${base}-${randomBytes(3).toString('hex')}` });
  }
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
    await insertProject(tx, id, input);
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
