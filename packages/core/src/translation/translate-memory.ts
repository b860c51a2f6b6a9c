// Translates one memory into English once per version of its text, and ranks it by the English afterwards.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { memories, type Database } from '@svc/db';
import type { LlmClient } from '@svc/llm';
import type { Logger } from '@svc/observability';
import { scanForSecrets } from '@svc/secrets';
import type { MemoryIndexer } from '../memory/deps';
import { translationAnswer, translationMessages } from './prompt';

export interface TranslationDeps {
  database: Database;
  llm: LlmClient;
  indexer: MemoryIndexer | null;
  logger: Logger;
}

export type TranslationOutcome = 'translated' | 'current' | 'english' | 'gone' | 'refused_secret' | 'edited_meanwhile';

/** The hash of exactly the text translated: any edit changes it, so an edited memory is translated again. */
export const sourceHash = (content: string) => createHash('md5').update(content, 'utf8').digest('hex');

export async function translateMemory(
  deps: TranslationDeps,
  memoryId: string,
  opts: { runId?: string; signal?: AbortSignal } = {},
): Promise<TranslationOutcome> {
  const [row] = await deps.database.db
    .select({ content: memories.content, language: memories.language, ownerId: memories.ownerId, translatedFrom: memories.translatedFrom, invalidatedAt: memories.invalidatedAt })
    .from(memories)
    .where(eq(memories.id, memoryId));
  if (!row || row.invalidatedAt) return 'gone';
  if (row.language === 'en') return 'english';
  const hash = sourceHash(row.content);
  if (row.translatedFrom === hash) return 'current';

  const { english } = await deps.llm.complete({
    purpose: 'translate',
    schemaName: 'translation',
    schema: translationAnswer,
    messages: translationMessages(row.language, row.content),
    userId: row.ownerId,
    runId: opts.runId,
    signal: opts.signal,
  });
  // The original passed the secret guard; a translation is new text and must pass it too.
  const [finding] = await scanForSecrets(english);
  const refused = finding !== undefined;
  if (refused) deps.logger.warn('translation_refused_secret', { memoryId, rule: finding.ruleId, runId: opts.runId });
  const prepared = !refused && deps.indexer ? await deps.indexer.prepare(english) : undefined;

  return deps.database.system(async (tx) => {
    // Only the version translated: an edit that landed meanwhile keeps its own, newer backlog entry.
    const updated = await tx
      .update(memories)
      .set({ contentEn: refused ? null : english, translatedFrom: hash })
      .where(and(eq(memories.id, memoryId), eq(memories.content, row.content)))
      .returning({ id: memories.id });
    if (updated.length === 0) return 'edited_meanwhile';
    if (deps.indexer && prepared !== undefined) await deps.indexer.store(tx, memoryId, prepared);
    return refused ? 'refused_secret' : 'translated';
  });
}
