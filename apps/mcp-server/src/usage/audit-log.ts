// The audit trail of security-relevant actions; every row names the request (or CLI action) behind it.
import { auditLog, type Executor } from '@svc/db';
import { currentRequestContext } from '@svc/observability';

/** Closed, so a new kind of audited action is a deliberate change that readers of the trail see. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'mfa_enrolled',
  'mfa_removed',
  'recovery_codes_regenerated',
  'consent',
  'agent_revoked',
  'token_issued',
  'token_revoked',
  'invitation_created',
  'invitation_revoked',
  'user_created',
  'memory_shared',
  'memory_moved',
  'memory_forgotten',
  'account_deleted',
  'project_member_added',
  'project_member_role_changed',
  'project_member_removed',
  'project_left',
  'project_renamed',
  'project_aliases_set',
  'project_invitation_created',
  'project_invitation_revoked',
  'project_invitation_accepted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditTarget {
  type: 'user' | 'api_token' | 'oauth_client' | 'authorization' | 'memory' | 'scope' | 'invitation' | 'project';
  id: string;
}

export interface AuditEntry {
  action: AuditAction;
  /** Absent only when there is nothing to name (a failed sign-in for an address no account has). */
  target?: AuditTarget;
  /** Ids, labels and counts only: never a secret, a token, a password, an email or memory content. */
  details?: Record<string, unknown>;
  /** The account the action was done by or for; defaults to the signed-in caller of the request. */
  userId?: string | null;
}

/**
 * Writes one audit row. Pass the privileged database or a `system` transaction: audit_log has no
 * policy for the signed-in role. Writing inside the action's own transaction keeps the two atomic.
 */
export async function recordAudit(exec: Executor, entry: AuditEntry): Promise<void> {
  const context = currentRequestContext();
  // An audit row that no log line can be joined to is of little use, so a missing id is our bug.
  if (!context) throw new Error('recordAudit needs a request context (runWithRequestContext or ensureRequestContext)');
  await exec.insert(auditLog).values({
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    userId: entry.userId === undefined ? (context.userId ?? null) : entry.userId,
    requestId: context.requestId,
    details: entry.details ?? {},
  });
}
