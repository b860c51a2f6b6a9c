// Records a hygiene finding as an open conflict, once: a second sighting of an open one only refreshes it.
import { sql } from 'drizzle-orm';
import { conflicts, type Tx } from '@svc/db';
import type { ReviewedFinding } from './confirm';

/** Null for a finding that is not a pair (a stale memory): nothing to settle between two memories. */
export async function recordConflict(tx: Tx, ownerId: string, f: ReviewedFinding): Promise<string | null> {
  if (!f.conflictKind) return null;
  const [a, b] = [...f.memoryIds].sort() as [string, string];
  const [row] = await tx
    .insert(conflicts)
    .values({ ownerId, memoryAId: a, memoryBId: b, kind: f.conflictKind, explanation: f.explanation ?? null })
    .onConflictDoUpdate({
      target: [conflicts.ownerId, conflicts.memoryAId, conflicts.memoryBId, conflicts.kind],
      targetWhere: sql`status = 'open'`,
      set: { detectedAt: sql`now()`, ...(f.explanation && { explanation: f.explanation }) },
    })
    .returning({ id: conflicts.id });
  return row?.id ?? null;
}
