// Reads the caller's own conflicts with both memories, as list_conflicts and resolve_conflicts see them.
import { and, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ConflictView } from '@svc/contract';
import { conflicts, memories, type Tx } from '@svc/db';
import { loadMemories, type LoadedMemory } from '../memory/load';
import { toMemoryView } from '../memory/to-view';
import type { ReadTarget } from '../targets/resolve-target';

export type ConflictRow = typeof conflicts.$inferSelect;

export interface LoadedConflict {
  row: ConflictRow;
  /** Exact timestamp text, so a keyset cursor loses no microseconds. */
  at: string;
  /** null when the caller can no longer see that memory. */
  a: LoadedMemory | null;
  b: LoadedMemory | null;
}

/** A conflict whose two memories the caller sees, as a listing shows it. */
export type VisibleConflict = LoadedConflict & { a: LoadedMemory; b: LoadedMemory };

export interface ConflictFilter {
  ids?: readonly string[];
  status?: ConflictRow['status'];
  kind?: ConflictRow['kind'];
  /** Either memory in one of these scopes; null for every scope. */
  scopeIds?: readonly string[] | null;
  /** Keyset position: strictly after (older than) this conflict. */
  after?: { at: string; id: string };
  limit?: number;
  /** Leave out conflicts with a memory the caller cannot see (a listing cannot show them). */
  visibleOnly?: boolean;
}

/** A project narrows to its own scope (reads elsewhere add the personal one, conflicts do not). */
export function conflictScopes(target: ReadTarget): string[] | null {
  return target.project ? [target.project.scopeId] : target.scopeIds;
}

const ma = alias(memories, 'ma');
const mb = alias(memories, 'mb');

/**
 * Owner filter and row-level security both keep this to the caller's conflicts, so limits and
 * counts never include anyone else's. Row-level security applies to the joined memories too, so a
 * memory the caller can no longer see comes back as null.
 */
export async function loadConflicts(tx: Tx, userId: string, f: ConflictFilter): Promise<LoadedConflict[]> {
  const where: (SQL | undefined)[] = [
    eq(conflicts.ownerId, userId),
    f.ids ? inArray(conflicts.id, [...f.ids]) : undefined,
    f.status ? eq(conflicts.status, f.status) : undefined,
    f.kind ? eq(conflicts.kind, f.kind) : undefined,
    f.scopeIds ? or(inArray(ma.scopeId, [...f.scopeIds]), inArray(mb.scopeId, [...f.scopeIds])) : undefined,
    f.visibleOnly ? and(isNotNull(ma.id), isNotNull(mb.id)) : undefined,
    f.after ? sql`(${conflicts.detectedAt}, ${conflicts.id}) < (${f.after.at}::timestamptz, ${f.after.id}::uuid)` : undefined,
  ];
  if (f.ids?.length === 0 || f.scopeIds?.length === 0) return [];
  const query = tx
    .select({ row: conflicts, at: sql<string>`${conflicts.detectedAt}::text` })
    .from(conflicts)
    .leftJoin(ma, eq(ma.id, conflicts.memoryAId))
    .leftJoin(mb, eq(mb.id, conflicts.memoryBId))
    .where(and(...where))
    .orderBy(desc(conflicts.detectedAt), desc(conflicts.id));
  const rows = f.limit === undefined ? await query : await query.limit(f.limit);
  const memoryIds = [...new Set(rows.flatMap((r) => [r.row.memoryAId, r.row.memoryBId]))];
  const byId = new Map((await loadMemories(tx, memoryIds)).map((m) => [m.row.id, m]));
  return rows.map(({ row, at }) => ({ row, at, a: byId.get(row.memoryAId) ?? null, b: byId.get(row.memoryBId) ?? null }));
}

export function isVisible(c: LoadedConflict): c is VisibleConflict {
  return c.a !== null && c.b !== null;
}

export function toConflictView(c: VisibleConflict): ConflictView {
  return {
    id: c.row.id,
    kind: c.row.kind,
    status: c.row.status,
    a: toMemoryView(c.a),
    b: toMemoryView(c.b),
    // Recorded when a language model confirmed the conflict; the word checks leave it null.
    explanation: c.row.explanation,
    detected_at: c.row.detectedAt.toISOString(),
    resolved_at: c.row.resolvedAt ? c.row.resolvedAt.toISOString() : null,
    resolution: c.row.resolution,
  };
}
