// The audit trail of memory moves: written after a move commits, read back as version-history events.
import type { ScopeTarget } from '@svc/contract';

/** Into a project scope is a share (a new audience); back into the personal scope is a move. */
export type MemoryAuditAction = 'memory_shared' | 'memory_moved';

export interface MemoryAuditEntry {
  action: MemoryAuditAction;
  memoryId: string;
  /** The caller who moved it (always the owner). */
  userId: string;
  from: ScopeTarget;
  to: ScopeTarget;
}

export interface MemoryAuditEvent {
  memoryId: string;
  action: MemoryAuditAction;
  at: Date;
  by: string | null;
  from: string | null;
  to: string | null;
}

/**
 * The audit table is the service's own (no policy for the signed-in role), so the app implements
 * this with its privileged recorder; core only says what happened and asks what did.
 */
export interface MemoryAudit {
  record(entries: readonly MemoryAuditEntry[]): Promise<void>;
  /** Moves and shares of these memories, oldest first. Ask only about memories the caller sees. */
  history(memoryIds: readonly string[]): Promise<MemoryAuditEvent[]>;
}

export function auditActionFor(to: ScopeTarget): MemoryAuditAction {
  return to === 'personal' ? 'memory_moved' : 'memory_shared';
}
