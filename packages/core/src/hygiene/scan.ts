// A hygiene scan for one owner: runs the checks, has a model confirm them when one is set, records conflicts.
import type { ToolOutput } from '@svc/contract';
import type { Database } from '@svc/db';
import { loadCandidates } from './candidates';
import { findDuplicatesAndContradictions, findStale } from './checks';
import { confirmFindings, type HygieneReading, type ReviewedFinding } from './confirm';
import { recordConflict } from './record';

export interface HygieneParams {
  checks: ('duplicates' | 'stale' | 'conflicts')[];
  scopeIds: string[] | null;
}

type ScanResult = NonNullable<ToolOutput<'scan_hygiene'>['result']>;

/**
 * Nothing is retired by a scan: findings become conflicts the owner settles with resolve_conflicts.
 * The model is asked between two transactions, so no lock is held while it answers.
 */
export async function runHygieneScan(
  database: Database,
  ownerId: string,
  params: HygieneParams,
  now = new Date(),
  reading?: HygieneReading | null,
): Promise<ScanResult> {
  const checks = new Set<string>(params.checks);
  const actor = { userId: ownerId, aal: 'aal2' as const };
  // A contradiction or duplicate the words miss cannot be confirmed, so the model reads every suspect of both kinds.
  const suspectChecks = reading ? new Set([...checks, 'duplicates', 'conflicts']) : checks;
  const { items, found } = await database.asUser(actor, async (tx) => {
    const loaded = await loadCandidates(tx, ownerId, params.scopeIds);
    const stale = checks.has('stale') ? findStale(loaded, now) : [];
    return { items: loaded, found: [...findDuplicatesAndContradictions(loaded, suspectChecks), ...stale] };
  });
  const reviewed: ReviewedFinding[] = reading ? await confirmFindings(found, items, checks, ownerId, reading) : found;
  return database.asUser(actor, async (tx) => {
    const findings: ScanResult['findings'] = [];
    for (const f of reviewed) {
      const conflictId = await recordConflict(tx, ownerId, f);
      findings.push({ check: f.check, memory_ids: f.memoryIds, detail: f.detail, conflict_id: conflictId });
    }
    const counts = { duplicates: 0, stale: 0, conflicts: 0 };
    for (const f of findings) counts[f.check]++;
    return { scanned: items.length, counts, findings };
  });
}
