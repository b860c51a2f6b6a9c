// Loads the owner's live memories a hygiene scan looks at, with their stemmed words.
import { and, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { memories, memorySupersedes, type Tx } from '@svc/db';

export interface Candidate {
  id: string;
  scopeId: string;
  content: string;
  contentHash: string;
  words: Set<string>;
  loopState: 'open' | 'closed' | null;
  importance: number;
  updatedAt: Date;
}

/** Bounded so one scan stays within the job time limit: the most recent memories matter most. */
export const SCAN_LIMIT = 5000;

export async function loadCandidates(tx: Tx, ownerId: string, scopeIds: string[] | null): Promise<Candidate[]> {
  const rows = await tx
    .select({
      id: memories.id,
      scopeId: memories.scopeId,
      content: memories.content,
      contentHash: memories.contentHash,
      lexemes: sql<string[]>`tsvector_to_array(${memories.tsv})`,
      loopState: memories.loopState,
      importance: memories.importance,
      updatedAt: memories.updatedAt,
    })
    .from(memories)
    .where(
      and(
        eq(memories.ownerId, ownerId),
        isNull(memories.invalidatedAt),
        scopeIds ? inArray(memories.scopeId, scopeIds) : undefined,
        notExists(sql`(select 1 from ${memorySupersedes} where ${memorySupersedes.predecessorId} = ${memories.id})`),
      ),
    )
    .orderBy(desc(memories.createdAt))
    .limit(SCAN_LIMIT);
  return rows.map(({ lexemes, ...row }) => ({ ...row, words: new Set(lexemes) }));
}
