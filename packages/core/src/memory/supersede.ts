// Links a new memory to the ones it replaces and carries the standing rules promoted from them.
import { and, eq, inArray } from 'drizzle-orm';
import { memorySupersedes, promotedRules, type Tx } from '@svc/db';
import { fail } from '@svc/errors';
import { loadMemories } from './load';

export interface CarriedRule {
  rule_id: string;
  rule_text: string;
  from_memory_id: string;
}

export interface SupersedeOutcome {
  superseded: string[];
  carried: CarriedRule[];
  needsReview: CarriedRule[];
}

/** Rule texts compare with surrounding white space ignored, but otherwise exactly. */
const same = (a: string, b: string) => a.trim() === b.trim();

/** Only the owner supersedes a memory; the database refuses anything else too (42501). */
export async function supersede(
  tx: Tx,
  userId: string,
  successor: { id: string; content: string },
  predecessorIds: readonly string[],
): Promise<SupersedeOutcome> {
  const ids = [...new Set(predecessorIds)];
  if (ids.length === 0) return { superseded: [], carried: [], needsReview: [] };
  const found = await loadMemories(tx, ids);
  const missing = ids.filter((id) => !found.some((m) => m.row.id === id));
  if (missing.length) throw fail.notFound('Some memories to supersede do not exist', { ids: missing });
  const foreign = found.filter((m) => m.row.ownerId !== userId).map((m) => m.row.id);
  if (foreign.length) throw fail.forbidden('Only the owner can supersede a memory', { ids: foreign });

  await tx
    .insert(memorySupersedes)
    .values(ids.map((predecessorId) => ({ successorId: successor.id, predecessorId, createdBy: userId })))
    .onConflictDoNothing();

  const rules = await tx
    .select()
    .from(promotedRules)
    .where(and(inArray(promotedRules.sourceMemoryId, ids), eq(promotedRules.status, 'active')));
  const carried: CarriedRule[] = [];
  const needsReview: CarriedRule[] = [];
  for (const rule of rules) {
    const report = { rule_id: rule.id, rule_text: rule.ruleText, from_memory_id: rule.sourceMemoryId! };
    if (same(rule.ruleText, successor.content)) {
      // The curated text lives on unchanged in the successor: the rule follows it, no review needed.
      await tx.update(promotedRules).set({ sourceMemoryId: successor.id }).where(eq(promotedRules.id, rule.id));
      carried.push(report);
    } else {
      await tx.update(promotedRules).set({ status: 'needs_review' }).where(eq(promotedRules.id, rule.id));
      needsReview.push(report);
    }
  }
  return { superseded: ids, carried, needsReview };
}
