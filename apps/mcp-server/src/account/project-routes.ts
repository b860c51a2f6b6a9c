// /account/projects: the person's projects with counts, one project with its members, and sharing it (owners).
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  PROJECT_ROLES,
  addProjectMember,
  createProjectInvitation,
  listOpenProjectInvitations,
  listProjectMembers,
  listProjectOverviews,
  projectStanding,
  removeProjectMember,
  renameProject,
  revokeProjectInvitation,
  setProjectAliases,
  setProjectMemberRole,
  ALIASES_MAX,
  PROJECT_NAME_MAX,
} from '@svc/core/sharing';
import { findUserByEmail } from '@svc/db';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../deps';
import { parseInput, personOf } from './data/person';
import { auditProject } from './project-audit';
import { invitationBody, memberBody, projectBody } from './project-views';

const projectParams = z.object({ projectId: z.uuid() });
const memberParams = projectParams.extend({ userId: z.uuid() });
const invitationParams = projectParams.extend({ invitationId: z.uuid() });
const role = z.enum(PROJECT_ROLES);

const inviteBody = z.object({
  email: z.string().trim().toLowerCase().max(320).pipe(z.email()),
  role: role.default('writer'),
});
const roleBody = z.object({ role });
const settingsBody = z
  .object({
    name: z.string().max(PROJECT_NAME_MAX * 2).optional(),
    aliases: z.array(z.string().max(200)).max(ALIASES_MAX * 2).optional(),
  })
  .refine((b) => b.name !== undefined || b.aliases !== undefined, { message: 'Give name, aliases or both' });

/** The dashboard page that accepts a project invitation; the code rides in the query, never in a server path. */
export function invitationLink(dashboardUrl: string, code: string): string {
  return `${dashboardUrl}/projects/join?code=${encodeURIComponent(code)}`;
}

/**
 * Every change runs as the person, so row-level security is the last word on who may do it; the
 * standing check before it only gives the clearer answer (`not_found` to a stranger, `forbidden`
 * to a writer or reader). Audit rows follow the committed change.
 */
export function projectRoutes(deps: ServerDeps, guard: RequestHandler): Router {
  const router = Router();
  const { database } = deps;

  router.get('/account/projects', guard, async (_req, res) => {
    const actor = personOf(res);
    const projects = await database.asUser(actor, (tx) => listProjectOverviews(tx, actor.userId));
    res.json({ projects: projects.map(projectBody) });
  });

  router.get('/account/projects/:projectId', guard, async (req, res) => {
    const { projectId } = parseInput(projectParams, req.params);
    const actor = personOf(res);
    const answer = await database.asUser(actor, async (tx) => {
      const { role: mine } = await projectStanding(tx, actor.userId, projectId);
      const [overview] = await listProjectOverviews(tx, actor.userId, projectId);
      const members = await listProjectMembers(tx, projectId);
      // Only owners are shown open invitations (row-level security would show others none anyway).
      const invitations = mine === 'owner' ? await listOpenProjectInvitations(tx, projectId) : [];
      return { overview, members, invitations };
    });
    if (!answer.overview) throw fail.notFound('No such project among yours', { project_id: projectId });
    res.json({
      project: projectBody(answer.overview),
      members: answer.members.map((m) => memberBody(m, actor.userId)),
      invitations: answer.invitations.map(invitationBody),
    });
  });

  router.patch('/account/projects/:projectId', guard, async (req, res) => {
    const { projectId } = parseInput(projectParams, req.params);
    const body = parseInput(settingsBody, req.body ?? {});
    const actor = personOf(res);
    const changed = await database.asUser(actor, async (tx) => {
      await projectStanding(tx, actor.userId, projectId, 'owner');
      const renamed = body.name === undefined ? undefined : await renameProject(tx, projectId, body.name);
      const aliases = body.aliases === undefined ? undefined : await setProjectAliases(tx, projectId, body.aliases);
      const [overview] = await listProjectOverviews(tx, actor.userId, projectId);
      return { renamed, aliases, overview: overview! };
    });
    if (changed.renamed) await auditProject(database, { action: 'project_renamed', projectId, userId: actor.userId, via: 'dashboard' });
    if (changed.aliases) {
      await auditProject(database, {
        action: 'project_aliases_set',
        projectId,
        userId: actor.userId,
        via: 'dashboard',
        details: { aliases: changed.aliases.length },
      });
    }
    res.json({ project: projectBody(changed.overview) });
  });

  // Invite by email: someone with an account here becomes a member at once; anyone else gets a link, shown once.
  router.post('/account/projects/:projectId/members', guard, async (req, res) => {
    const { projectId } = parseInput(projectParams, req.params);
    const body = parseInput(inviteBody, req.body ?? {});
    const actor = personOf(res);
    // Asked first, so that whether an address has an account is told to owners only.
    await database.asUser(actor, (tx) => projectStanding(tx, actor.userId, projectId, 'owner'));
    const account = await findUserByEmail(database.db, body.email);
    if (account) {
      const members = await database.asUser(actor, async (tx) => {
        await addProjectMember(tx, projectId, account.id, body.role);
        return listProjectMembers(tx, projectId);
      });
      await auditProject(database, {
        action: 'project_member_added',
        projectId,
        userId: actor.userId,
        via: 'dashboard',
        details: { member: account.id, role: body.role },
      });
      const member = members.find((m) => m.userId === account.id)!;
      res.status(201).json({ added: memberBody(member, actor.userId) });
      return;
    }
    const { code, invitation } = await database.asUser(actor, (tx) =>
      createProjectInvitation(tx, { projectId, email: body.email, role: body.role, invitedBy: actor.userId }),
    );
    await auditProject(database, {
      action: 'project_invitation_created',
      projectId,
      userId: actor.userId,
      via: 'dashboard',
      details: { invitation: invitation.id, role: body.role },
    });
    res.status(201).json({
      invitation: invitationBody(invitation),
      // Shown this once: only its hash is kept.
      code,
      url: invitationLink(deps.settings.auth.dashboardUrl, code),
    });
  });

  router.patch('/account/projects/:projectId/members/:userId', guard, async (req, res) => {
    const { projectId, userId } = parseInput(memberParams, req.params);
    const body = parseInput(roleBody, req.body ?? {});
    const actor = personOf(res);
    const { before, members } = await database.asUser(actor, async (tx) => {
      await projectStanding(tx, actor.userId, projectId, 'owner');
      return { before: await setProjectMemberRole(tx, projectId, userId, body.role), members: await listProjectMembers(tx, projectId) };
    });
    if (before !== body.role) {
      await auditProject(database, {
        action: 'project_member_role_changed',
        projectId,
        userId: actor.userId,
        via: 'dashboard',
        details: { member: userId, from: before, to: body.role },
      });
    }
    const member = members.find((m) => m.userId === userId)!;
    res.json({ member: memberBody(member, actor.userId) });
  });

  // An owner removes anyone; a member removes only themself (leaving).
  router.delete('/account/projects/:projectId/members/:userId', guard, async (req, res) => {
    const { projectId, userId } = parseInput(memberParams, req.params);
    const actor = personOf(res);
    const leaving = userId === actor.userId;
    const before = await database.asUser(actor, async (tx) => {
      await projectStanding(tx, actor.userId, projectId, leaving ? 'member' : 'owner');
      return removeProjectMember(tx, projectId, userId);
    });
    await auditProject(database, {
      action: leaving ? 'project_left' : 'project_member_removed',
      projectId,
      userId: actor.userId,
      via: 'dashboard',
      details: leaving ? { role: before } : { member: userId, role: before },
    });
    res.status(204).end();
  });

  router.delete('/account/projects/:projectId/invitations/:invitationId', guard, async (req, res) => {
    const { projectId, invitationId } = parseInput(invitationParams, req.params);
    const actor = personOf(res);
    await database.asUser(actor, async (tx) => {
      await projectStanding(tx, actor.userId, projectId, 'owner');
      await revokeProjectInvitation(tx, projectId, invitationId);
    });
    await auditProject(database, {
      action: 'project_invitation_revoked',
      projectId,
      userId: actor.userId,
      via: 'dashboard',
      details: { invitation: invitationId },
    });
    res.status(204).end();
  });

  return router;
}
