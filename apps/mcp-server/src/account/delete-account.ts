// DELETE /account: the person confirms with their email, and the account and what it alone holds are gone.
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { deleteAccount, type Database } from '@svc/db';
import { fail } from '@svc/errors';
import { dashboardLocals } from '../auth/dashboard-session';
import { tokenCacheOf } from '../auth/token-cache';
import { recordAudit } from '../usage/audit-log';

const deleteBody = z.object({ confirm_email: z.string().trim().min(1).max(320) });

export function deleteAccountHandler(database: Database): RequestHandler {
  return async (req, res, next) => {
    try {
      const parsed = deleteBody.safeParse(req.body);
      if (!parsed.success) throw fail.validation('Type the account email in confirm_email');
      const { user } = dashboardLocals(res).live;
      if (parsed.data.confirm_email.toLowerCase() !== user.email.toLowerCase()) {
        throw fail.validation('confirm_email does not match the account email');
      }
      await database.system(async (tx) => {
        const deleted = await deleteAccount(tx, user.id);
        // No user on the row (the account is gone); the target keeps the id for the trail.
        await recordAudit(tx, {
          action: 'account_deleted',
          target: { type: 'user', id: user.id },
          userId: null,
          details: { projects_deleted: deleted.projectsDeleted, memories_deleted: deleted.memoriesDeleted },
        });
      });
      // After the commit: the account's API tokens must not be answered from the bearer cache.
      tokenCacheOf(database).forgetUser(user.id);
      res.status(204).end();
    } catch (err) {
      next(err);
    }
  };
}
