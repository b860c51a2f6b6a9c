// The background check of a just-saved memory: does it contradict something its owner already keeps here?
import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import { memories, memorySupersedes, type Database } from '@svc/db';
import { loadCandidates } from './candidates';
import { classifyPair, CONTRADICTION_OVERLAP, overlap, type Finding } from './checks';
import { confirmFindings, type HygieneReading } from './confirm';
import { recordConflict } from './record';

export type SavedCheckOutcome = { outcome: 'gone' } | { outcome: 'checked'; compared: number; conflicts: string[] };

const CONFLICTS_ONLY = new Set(['conflicts']);
/** The model is asked about this many neighbours at most per saved memory, the closest first. */
export const MAX_READ_PER_SAVE = 5;

/**
 * Duplicates were already told to the writer (`near_duplicates` in remember's answer), so this records
 * contradictions only. Without a model the word checks' contradictions are recorded as they stand;
 * with one, it also reads the closest neighbours, because two notes that differ in one fact ("at 15:00"
 * / "at 16:00") look alike to word overlap and only a reader sees the contradiction.
 */
export async function checkSavedMemory(
  database: Database,
  memoryId: string,
  reading: HygieneReading | null,
): Promise<SavedCheckOutcome> {
  const loaded = await database.system(async (tx) => {
    const [saved] = await tx
      .select({
        ownerId: memories.ownerId,
        scopeId: memories.scopeId,
        contentHash: memories.contentHash,
        words: sql<string[]>`tsvector_to_array(${memories.tsv})`,
      })
      .from(memories)
      .where(
        and(
          eq(memories.id, memoryId),
          isNull(memories.invalidatedAt),
          notExists(sql`(select 1 from ${memorySupersedes} where ${memorySupersedes.predecessorId} = ${memories.id})`),
        ),
      );
    if (!saved) return null;
    // Every verdict below needs CONTRADICTION_OVERLAP at least (or the same content): only those are read.
    const sharing = { id: memoryId, contentHash: saved.contentHash, words: saved.words, minShare: CONTRADICTION_OVERLAP };
    return { ...saved, items: await loadCandidates(tx, saved.ownerId, [saved.scopeId], sharing) };
  });
  const self = loaded?.items.find((c) => c.id === memoryId);
  if (!loaded || !self) return { outcome: 'gone' };

  const suspects: Finding[] = [];
  const close: { other: string; score: number }[] = [];
  for (const other of loaded.items) {
    if (other.id === memoryId) continue;
    const verdict = classifyPair(self, other);
    if (verdict?.conflictKind === 'contradiction') suspects.push({ ...verdict, memoryIds: [memoryId, other.id] });
    else if (reading) {
      // A reader also looks at close neighbours the words cannot judge: the same subject with a changed fact.
      const score = overlap(self.words, other.words);
      if (verdict || score >= CONTRADICTION_OVERLAP) close.push({ other: other.id, score });
    }
  }
  close.sort((x, y) => y.score - x.score);
  for (const { other } of close.slice(0, Math.max(0, MAX_READ_PER_SAVE - suspects.length))) {
    suspects.push({ check: 'duplicates', detail: 'Close in wording.', conflictKind: 'duplicate', memoryIds: [memoryId, other] });
  }
  const reviewed = reading ? await confirmFindings(suspects, loaded.items, CONFLICTS_ONLY, loaded.ownerId, reading) : suspects;
  const contradictions = reviewed.filter((f) => f.conflictKind === 'contradiction');
  // Most saves contradict nothing: no second transaction for them on the one embedded connection.
  if (contradictions.length === 0) return { outcome: 'checked', compared: loaded.items.length - 1, conflicts: [] };
  const conflicts = await database.system(async (tx) => {
    const ids: string[] = [];
    for (const f of contradictions) {
      const id = await recordConflict(tx, loaded.ownerId, f);
      if (id) ids.push(id);
    }
    return ids;
  });
  return { outcome: 'checked', compared: loaded.items.length - 1, conflicts };
}
