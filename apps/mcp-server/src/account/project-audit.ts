// The audit rows of project sharing, written privileged after the change (audit_log has no policy for the signed-in role).
import type { Database } from '@svc/db';
import { recordAudit, type AuditEntry } from '../usage/audit-log';

export type ProjectAuditAction = Extract<
  AuditEntry['action'],
  | 'project_member_added'
  | 'project_member_role_changed'
  | 'project_member_removed'
  | 'project_left'
  | 'project_renamed'
  | 'project_aliases_set'
  | 'project_invitation_created'
  | 'project_invitation_revoked'
  | 'project_invitation_accepted'
>;

/** Ids, roles and counts only: no email, name or code goes into the trail. */
export function auditProject(
  database: Database,
  entry: { action: ProjectAuditAction; projectId: string; userId: string; via: 'dashboard' | 'cli'; details?: Record<string, unknown> },
): Promise<void> {
  return database.system((tx) =>
    recordAudit(tx, {
      action: entry.action,
      target: { type: 'project', id: entry.projectId },
      userId: entry.userId,
      details: { via: entry.via, ...entry.details },
    }),
  );
}
