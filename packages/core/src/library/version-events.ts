// The lifecycle events of a memory's versions, read from the rows, their links and the audit trail.
import type { ToolOutput } from '@svc/contract';
import type { LoadedMemory } from '../memory/load';
import type { MemoryAuditEvent } from './audit';

export type VersionEvent = ToolOutput<'memory_version_history'>['events'][number];

export interface SupersedesLink {
  successorId: string;
  predecessorId: string;
  createdBy: string;
  createdAt: Date;
}

/**
 * Only what was recorded is told: an edit, a restore and a translation leave no dated trace on the
 * row, so they are not invented. A closed loop is one event (close_loop retires it at the same time).
 */
export function versionEvents(
  versions: readonly LoadedMemory[],
  links: readonly SupersedesLink[],
  audit: readonly MemoryAuditEvent[],
): VersionEvent[] {
  const events: (VersionEvent & { order: number })[] = [];
  const push = (e: VersionEvent, order: number) => events.push({ ...e, order });
  const auditedShares = new Set(audit.filter((a) => a.action === 'memory_shared').map((a) => a.memoryId));
  for (const { row } of versions) {
    push({ memory_id: row.id, event: 'created', at: row.createdAt.toISOString(), by: row.ownerId, detail: null }, 0);
    if (row.sharedAt && !auditedShares.has(row.id)) {
      push({ memory_id: row.id, event: 'shared', at: row.sharedAt.toISOString(), by: row.sharedBy, detail: null }, 1);
    }
    if (row.loopState === 'closed' && row.loopClosedAt) {
      push({ memory_id: row.id, event: 'loop_closed', at: row.loopClosedAt.toISOString(), by: row.invalidatedBy, detail: row.invalidationReason }, 3);
    } else if (row.invalidatedAt) {
      push({ memory_id: row.id, event: 'retired', at: row.invalidatedAt.toISOString(), by: row.invalidatedBy, detail: row.invalidationReason }, 3);
    }
  }
  for (const link of links) {
    const detail = `superseded by ${link.successorId}`;
    push({ memory_id: link.predecessorId, event: 'superseded', at: link.createdAt.toISOString(), by: link.createdBy, detail }, 2);
  }
  for (const a of audit) {
    const event = a.action === 'memory_shared' ? 'shared' : 'moved';
    const detail = a.from && a.to ? `${a.from} -> ${a.to}` : null;
    push({ memory_id: a.memoryId, event, at: a.at.toISOString(), by: a.by, detail }, 1);
  }
  return events
    .sort((x, y) => x.at.localeCompare(y.at) || x.order - y.order)
    .map(({ order: _order, ...event }) => event);
}
