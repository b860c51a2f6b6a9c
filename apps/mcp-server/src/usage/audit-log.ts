// The audit trail of security-relevant actions; every row names the request (or CLI action) behind it.
import { auditLog, type Executor } from '@svc/db';
import { currentRequestContext } from '@svc/observability';

/** Closed, so a new kind of audited action is a deliberate change that readers of the trail see. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'consent',
  'token_issued',
  'user_created',
  'memory_shared',
  'memory_moved',
  'memory_forgotten',
  'account_deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditTarget {
  type: 'user' | 'api_token' | 'oauth_client' | 'authorization' | 'memory' | 'scope';
  id: string;
}

export interface AuditEntry {
  action: AuditAction;
  target: AuditTarget;
  /** Ids, labels and counts only: never a secret, a token or memory content. */
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
    targetType: entry.target.type,
    targetId: entry.target.id,
    userId: entry.userId === undefined ? (context.userId ?? null) : entry.userId,
    requestId: context.requestId,
    details: entry.details ?? {},
  });
}
