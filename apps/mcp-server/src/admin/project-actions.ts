// `svc project`: the operator's view of projects and their members, and adding or removing a member by email.
import {
  PROJECT_ROLES,
  addProjectMember,
  listProjectMembers,
  listProjectOverviews,
  removeProjectMember,
  setProjectMemberRole,
} from '@svc/core/sharing';
import { findUserByEmail, projectMembers, projects, type Database, type Tx } from '@svc/db';
import { fail } from '@svc/errors';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { auditProject } from '../account/project-audit';

const email = z.string().trim().min(3).max(320);
/** A project id, its slug, or its exact name when only one project has it. */
const projectRef = z.string().trim().min(1).max(200);

const day = (d: Date) => d.toISOString().slice(0, 10);

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd()).join('\n');
}

async function findProject(tx: Tx, ref: string): Promise<{ id: string; slug: string; name: string }> {
  const isId = z.uuid().safeParse(ref).success;
  const found = await tx
    .select({ id: projects.id, slug: projects.slug, name: projects.name })
    .from(projects)
    .where(
      isId
        ? eq(projects.id, ref)
        : or(eq(projects.slug, ref), eq(sql`lower(${projects.name})`, ref.toLowerCase())),
    );
  // A slug is unique; prefer it over a name that happens to equal another project's slug.
  const bySlug = found.find((p) => p.slug === ref);
  if (bySlug) return bySlug;
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw fail.notFound(`No project ${ref} (give its id, slug or name; \`svc project list\` shows them)`);
  throw fail.conflict(`Several projects are named ${ref}; give the slug instead`, { slugs: found.map((p) => p.slug) });
}

export const projectListArgs = z.object({ user: email.optional() });

export async function projectList(db: Database, args: z.infer<typeof projectListArgs>): Promise<string> {
  if (args.user) {
    const user = await findUserByEmail(db.db, args.user);
    if (!user) throw fail.notFound(`No user with email ${args.user}`);
    const rows = await db.system((tx) => listProjectOverviews(tx, user.id));
    if (rows.length === 0) return `${user.email} is in no project`;
    return table([
      ['SLUG', 'NAME', 'ROLE', 'MEMBERS', 'MEMORIES', 'CARDS', 'LAST ACTIVITY'],
      ...rows.map((p) => [p.slug, p.name, p.role, String(p.members), String(p.memories), `${p.openCards}/${p.cards}`, day(p.lastActivityAt)]),
    ]);
  }
  // Plain `projects.id` in the subqueries: drizzle leaves a column of a one-table select unqualified,
  // and an unqualified "id" would be read as the subquery's own.
  const rows = await db.system((tx) =>
    tx
      .select({
        id: projects.id,
        slug: projects.slug,
        name: projects.name,
        members: sql<number>`(select count(*)::int from project_members pm where pm.project_id = projects.id)`,
        owners: sql<string>`(select coalesce(string_agg(u.email, ', ' order by u.email), '') from project_members pm
          join users u on u.id = pm.user_id where pm.project_id = projects.id and pm.role = 'owner')`,
        memories: sql<number>`(select count(*)::int from memories m where m.project_id = projects.id and m.invalidated_at is null)`,
      })
      .from(projects)
      .orderBy(asc(projects.slug)),
  );
  if (rows.length === 0) return 'no projects yet';
  return table([
    ['SLUG', 'NAME', 'MEMBERS', 'MEMORIES', 'OWNERS', 'ID'],
    ...rows.map((p) => [p.slug, p.name, String(p.members), String(p.memories), p.owners, p.id]),
  ]);
}

export const projectMembersArgs = z.object({ project: projectRef });

export async function projectMembersList(db: Database, args: z.infer<typeof projectMembersArgs>): Promise<string> {
  const { project, members } = await db.system(async (tx) => {
    const found = await findProject(tx, args.project);
    return { project: found, members: await listProjectMembers(tx, found.id) };
  });
  if (members.length === 0) return `${project.slug} has no members`;
  return table([['EMAIL', 'ROLE', 'JOINED'], ...members.map((m) => [m.email, m.role, day(m.joinedAt)])]);
}

export const projectAddMemberArgs = z.object({
  project: projectRef,
  email,
  role: z.enum(PROJECT_ROLES).default('writer'),
});

/** Adds the account, or sets its role when it is a member already (the CLI has no separate role command). */
export async function projectAddMember(db: Database, args: z.infer<typeof projectAddMemberArgs>): Promise<string> {
  const user = await findUserByEmail(db.db, args.email);
  if (!user) {
    throw fail.notFound(
      `No user with email ${args.email}: create the account first (svc user add), or invite them from the project's page in the dashboard`,
    );
  }
  const outcome = await db.system(async (tx) => {
    const project = await findProject(tx, args.project);
    const [existing] = await tx
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, user.id)));
    if (!existing) {
      await addProjectMember(tx, project.id, user.id, args.role);
      return { project, before: null };
    }
    return { project, before: await setProjectMemberRole(tx, project.id, user.id, args.role) };
  });
  const { project, before } = outcome;
  if (before === args.role) return `${user.email} is already ${args.role} in ${project.slug}`;
  // The operator acts for no account: the row names the member the change was for.
  await auditProject(db, {
    action: before === null ? 'project_member_added' : 'project_member_role_changed',
    projectId: project.id,
    userId: user.id,
    via: 'cli',
    details: before === null ? { member: user.id, role: args.role } : { member: user.id, from: before, to: args.role },
  });
  return before === null
    ? `${user.email} added to ${project.slug} as ${args.role}`
    : `${user.email}: role in ${project.slug} changed from ${before} to ${args.role}`;
}

export const projectRemoveMemberArgs = z.object({ project: projectRef, email });

export async function projectRemoveMember(db: Database, args: z.infer<typeof projectRemoveMemberArgs>): Promise<string> {
  const user = await findUserByEmail(db.db, args.email);
  if (!user) throw fail.notFound(`No user with email ${args.email}`);
  const { project, before } = await db.system(async (tx) => {
    const found = await findProject(tx, args.project);
    return { project: found, before: await removeProjectMember(tx, found.id, user.id) };
  });
  await auditProject(db, {
    action: 'project_member_removed',
    projectId: project.id,
    userId: user.id,
    via: 'cli',
    details: { member: user.id, role: before },
  });
  return `${user.email} (${before}) removed from ${project.slug}`;
}
