// The server's side of the memory audit trail: moves and shares written and read with the service's rights.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MemoryAudit, MemoryAuditAction } from '@svc/core';
import { auditLog, type Database } from '@svc/db';
import { recordAudit } from '../../../usage/audit-log';

const ACTIONS: MemoryAuditAction[] = ['memory_shared', 'memory_moved'];

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * audit_log has no policy for the signed-in role, so both directions use the privileged database;
 * core asks about history only for memories the caller was just shown under row-level security.
 */
export function memoryAudit(database: Database): MemoryAudit {
  return {
    async record(entries) {
      // One transaction, so a batch move is audited entirely or not at all.
      await database.system(async (tx) => {
        for (const e of entries) {
          await recordAudit(tx, {
            action: e.action,
            target: { type: 'memory', id: e.memoryId },
            details: { from: e.from, to: e.to },
            userId: e.userId,
          });
        }
      });
    },
    async history(memoryIds) {
      if (memoryIds.length === 0) return [];
      const rows = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'memory'), inArray(auditLog.targetId, [...memoryIds]), inArray(auditLog.action, ACTIONS)))
        .orderBy(asc(auditLog.createdAt));
      return rows.map((r) => ({
        memoryId: r.targetId!,
        action: r.action as MemoryAuditAction,
        at: r.createdAt,
        by: r.userId,
        from: text(r.details.from),
        to: text(r.details.to),
      }));
    },
  };
}
