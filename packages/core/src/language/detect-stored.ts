// Detects the language of memories stored before every write detected it (they were recorded as English).
import { inArray, not } from 'drizzle-orm';
import { memories, type Database } from '@svc/db';
import { CANONICAL_LANGUAGE, detectLanguage } from '@svc/language';

export interface DetectionCounts {
  detected: number;
  /** Memories found to be in another language: the translation backlog now holds them. */
  foreign: number;
}

/**
 * Works in batches so a large table never holds one long transaction; each batch commits on its own,
 * so a run cut short by its cap resumes where it stopped. Returns the foreign memories' ids too,
 * for the caller to hand to translation at once rather than wait for the backlog's schedule.
 */
export async function detectStoredLanguages(
  database: Database,
  opts: { signal?: AbortSignal; batch?: number } = {},
): Promise<DetectionCounts & { foreignIds: string[] }> {
  const batch = opts.batch ?? 500;
  const counts = { detected: 0, foreign: 0, foreignIds: [] as string[] };
  while (!opts.signal?.aborted) {
    const found = await database.system(async (tx) => {
      const rows = await tx
        .select({ id: memories.id, content: memories.content })
        .from(memories)
        .where(not(memories.languageDetected))
        .limit(batch)
        // Two instances' runs never take the same rows, and neither waits on the other.
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      const byLanguage = new Map<string, string[]>();
      for (const row of rows) {
        const language = detectLanguage(row.content);
        byLanguage.set(language, [...(byLanguage.get(language) ?? []), row.id]);
      }
      for (const [language, ids] of byLanguage) {
        await tx.update(memories).set({ language, languageDetected: true }).where(inArray(memories.id, ids));
        if (language !== CANONICAL_LANGUAGE) {
          counts.foreign += ids.length;
          counts.foreignIds.push(...ids);
        }
      }
      return rows.length;
    });
    counts.detected += found;
    if (found < batch) break;
  }
  return counts;
}
