// Stores what an extractor found in a chunk: secrets skipped, duplicates not stored twice, contradictions recorded as conflicts.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { memories, rowsOf, type Tx } from '@svc/db';
import { CANONICAL_LANGUAGE, detectLanguage } from '@svc/language';
import { scanForSecrets } from '@svc/secrets';
import { loadCandidates, type Candidate } from '../hygiene/candidates';
import { classifyPair } from '../hygiene/checks';
import { recordConflict } from '../hygiene/record';
import type { MemoryIndexer } from '../memory/deps';
import type { ExtractedMemory } from './types';

/** The placeholder redactSecrets leaves where a credential was. */
const REDACTED = /\[redacted [\w-]+\]/;

export interface ChunkOrigin {
  ownerId: string;
  scopeId: string;
  chunkId: string;
  sessionKey: string;
  extractedBy: string;
  agent?: string;
  client?: string;
}

export interface StoreOutcome {
  created: string[];
  /** Created memories not in English, for the translation queue once the transaction commits. */
  toTranslate: string[];
  duplicates: number;
  conflicts: number;
  secretsSkipped: number;
  openLoops: number;
}

async function twinExists(tx: Tx, scopeId: string, content: string): Promise<boolean> {
  const [twin] = await tx
    .select({ id: memories.id })
    .from(memories)
    .where(and(eq(memories.scopeId, scopeId), eq(memories.contentHash, sql`public.svc_content_hash(${content})`), isNull(memories.invalidatedAt)))
    .limit(1);
  return twin !== undefined;
}

/** The words hygiene compares, computed by the same function that fills memories.tsv. */
async function candidateFor(tx: Tx, scopeId: string, m: ExtractedMemory): Promise<Omit<Candidate, 'id'>> {
  const [row] = rowsOf<{ words: string[]; hash: string }>(
    await tx.execute(
      sql`select tsvector_to_array(public.svc_memory_tsv(${m.content}, null, '{}'::text[])) as words, public.svc_content_hash(${m.content}) as hash`,
    ),
  );
  return { scopeId, content: m.content, contentHash: row!.hash, words: new Set(row!.words), loopState: m.loop ? 'open' : null, importance: 0.5, updatedAt: new Date() };
}

/**
 * Runs in one transaction with the chunk's run, so a crash leaves nothing half stored and a retry
 * starts clean; a second pass over the same chunk finds every memory as its own twin.
 */
export async function storeExtracted(
  tx: Tx,
  origin: ChunkOrigin,
  found: readonly ExtractedMemory[],
  indexer: { indexer: MemoryIndexer; prepared: unknown[] } | null,
): Promise<StoreOutcome> {
  const outcome: StoreOutcome = { created: [], toTranslate: [], duplicates: 0, conflicts: 0, secretsSkipped: 0, openLoops: 0 };
  const existing = await loadCandidates(tx, origin.ownerId, [origin.scopeId]);
  for (const [i, m] of found.entries()) {
    // A memory about a credential is worth less than the risk of keeping it: skipped, not stored redacted.
    if (REDACTED.test(m.content) || (await scanForSecrets(m.content)).length > 0) {
      outcome.secretsSkipped++;
      continue;
    }
    if (await twinExists(tx, origin.scopeId, m.content)) {
      outcome.duplicates++;
      continue;
    }
    const candidate = await candidateFor(tx, origin.scopeId, m);
    const verdicts = existing.map((c) => ({ id: c.id, verdict: classifyPair({ ...candidate, id: '' }, c) }));
    if (verdicts.some((v) => v.verdict?.conflictKind === 'duplicate')) {
      outcome.duplicates++;
      continue;
    }
    const language = detectLanguage(m.content);
    const [row] = await tx
      .insert(memories)
      .values({
        ownerId: origin.ownerId,
        scopeId: origin.scopeId,
        content: m.content,
        kind: m.kind,
        language,
        importance: m.loop || m.kind === 'decision' ? 0.6 : 0.5,
        loopState: m.loop ? 'open' : null,
        eventAt: m.eventAt ?? null,
        source: {
          transcriptChunkId: origin.chunkId,
          conversationId: origin.sessionKey,
          ...(origin.agent && { agent: origin.agent }),
          ...(origin.client && { client: origin.client }),
        },
        metadata: { speaker: m.speaker, turn: m.turn, extracted_by: origin.extractedBy, ...(m.saidAt && { said_at: m.saidAt.toISOString() }) },
      })
      .returning({ id: memories.id });
    const id = row!.id;
    if (indexer) await indexer.indexer.store(tx, id, indexer.prepared[i]);
    for (const v of verdicts) {
      if (v.verdict?.conflictKind !== 'contradiction') continue;
      await recordConflict(tx, origin.ownerId, { check: 'conflicts', detail: v.verdict.detail, conflictKind: 'contradiction', memoryIds: [id, v.id] });
      outcome.conflicts++;
    }
    existing.push({ ...candidate, id });
    outcome.created.push(id);
    if (language !== CANONICAL_LANGUAGE) outcome.toTranslate.push(id);
    if (m.loop) outcome.openLoops++;
  }
  return outcome;
}
