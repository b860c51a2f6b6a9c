// What the translation job still has to do: memories not in English whose translation is missing or stale.
import { and, asc, isNull, ne, or, sql } from 'drizzle-orm';
import { memories, type Database } from '@svc/db';
import type { TranslationDeps, TranslationOutcome } from './translate-memory';
import { translateMemory } from './translate-memory';

export async function untranslatedMemories(database: Database, limit: number): Promise<string[]> {
  const rows = await database.db
    .select({ id: memories.id })
    .from(memories)
    .where(
      and(
        ne(memories.language, 'en'),
        isNull(memories.invalidatedAt),
        // The same md5 the translation recorded: a stale translation is one of an older text.
        or(isNull(memories.translatedFrom), ne(memories.translatedFrom, sql`md5(${memories.content})`)),
      ),
    )
    .orderBy(asc(memories.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Works the backlog in batches until it is empty, the signal stops it, or a memory keeps failing
 * (its error is thrown after the rest of the batch, so the job's failure is visible and retried).
 */
export async function catchUpTranslations(
  deps: TranslationDeps,
  opts: { runId?: string; signal?: AbortSignal; batch?: number } = {},
): Promise<Record<TranslationOutcome | 'failed', number>> {
  const counts = { translated: 0, current: 0, english: 0, gone: 0, refused_secret: 0, edited_meanwhile: 0, failed: 0 };
  const tried = new Set<string>();
  let firstError: unknown;
  for (;;) {
    const ids = (await untranslatedMemories(deps.database, opts.batch ?? 50)).filter((id) => !tried.has(id));
    if (ids.length === 0 || opts.signal?.aborted) break;
    for (const id of ids) {
      if (opts.signal?.aborted) break;
      tried.add(id);
      try {
        counts[await translateMemory(deps, id, opts)] += 1;
      } catch (thrown) {
        counts.failed += 1;
        firstError ??= thrown;
        deps.logger.warn('translation_failed', { memoryId: id, runId: opts.runId, error: thrown instanceof Error ? thrown.message : String(thrown) });
      }
    }
  }
  if (firstError !== undefined && counts.translated === 0) throw firstError;
  return counts;
}
