// /account/project-invitations: what a link offers, and accepting it as the signed-in person it was sent to.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { acceptProjectInvitation, previewProjectInvitation } from '@svc/core/sharing';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../deps';
import { dashboardLocals } from '../auth/dashboard-session';
import { parseInput, personOf } from './data/person';
import { auditProject } from './project-audit';

/** In the body, never the path: paths reach the access log, and the code admits to a project. */
const codeBody = z.object({ code: z.string().min(1).max(100) });

/**
 * Privileged reads and writes (the person is no member yet), behind a complete dashboard session.
 * An unknown, spent, revoked or expired code is `not_found`, the same for all four.
 */
export function projectInvitationRoutes(deps: ServerDeps, guard: RequestHandler): Router {
  const router = Router();
  const { database } = deps;

  router.post('/account/project-invitations/preview', guard, async (req, res) => {
    const { code } = parseInput(codeBody, req.body ?? {});
    const { user } = dashboardLocals(res).live;
    const preview = await database.system((tx) => previewProjectInvitation(tx, code));
    if (!preview) throw fail.notFound('This invitation link is unknown, already used, revoked or expired');
    res.json({
      project: { id: preview.projectId, name: preview.projectName },
      role: preview.role,
      email: preview.email,
      expires_at: preview.expiresAt.toISOString(),
      for_you: preview.email === user.email.trim().toLowerCase(),
    });
  });

  router.post('/account/project-invitations/accept', guard, async (req, res) => {
    const { code } = parseInput(codeBody, req.body ?? {});
    const { user } = dashboardLocals(res).live;
    const actor = personOf(res);
    const accepted = await database.system((tx) => acceptProjectInvitation(tx, { code, userId: actor.userId, email: user.email }));
    await auditProject(database, {
      action: 'project_invitation_accepted',
      projectId: accepted.projectId,
      userId: actor.userId,
      via: 'dashboard',
      details: { role: accepted.role, joined: accepted.joined },
    });
    res.json({ project_id: accepted.projectId, role: accepted.role, joined: accepted.joined });
  });

  return router;
}
