// A hygiene scan for one owner: runs the checks and records duplicates and contradictions as conflicts.
import { sql } from 'drizzle-orm';
import type { ToolOutput } from '@svc/contract';
import { conflicts, type Database } from '@svc/db';
import { loadCandidates } from './candidates';
import { findDuplicatesAndContradictions, findStale } from './checks';

export interface HygieneParams {
  checks: ('duplicates' | 'stale' | 'conflicts')[];
  scopeIds: string[] | null;
}

type ScanResult = NonNullable<ToolOutput<'scan_hygiene'>['result']>;

/** Nothing is retired by a scan: findings become conflicts the owner settles with resolve_conflicts. */
export async function runHygieneScan(database: Database, ownerId: string, params: HygieneParams, now = new Date()): Promise<ScanResult> {
  const checks = new Set<string>(params.checks);
  return database.asUser({ userId: ownerId, aal: 'aal2' }, async (tx) => {
    const items = await loadCandidates(tx, ownerId, params.scopeIds);
    const found = [...findDuplicatesAndContradictions(items, checks), ...(checks.has('stale') ? findStale(items, now) : [])];
    const findings: ScanResult['findings'] = [];
    for (const f of found) {
      let conflictId: string | null = null;
      if (f.conflictKind) {
        const [a, b] = [...f.memoryIds].sort() as [string, string];
        const [row] = await tx
          .insert(conflicts)
          .values({ ownerId, memoryAId: a, memoryBId: b, kind: f.conflictKind })
          .onConflictDoUpdate({
            target: [conflicts.ownerId, conflicts.memoryAId, conflicts.memoryBId, conflicts.kind],
            targetWhere: sql`status = 'open'`,
            set: { detectedAt: sql`now()` },
          })
          .returning({ id: conflicts.id });
        conflictId = row?.id ?? null;
      }
      findings.push({ check: f.check, memory_ids: f.memoryIds, detail: f.detail, conflict_id: conflictId });
    }
    const counts = { duplicates: 0, stale: 0, conflicts: 0 };
    for (const f of findings) counts[f.check]++;
    return { scanned: items.length, counts, findings };
  });
}
