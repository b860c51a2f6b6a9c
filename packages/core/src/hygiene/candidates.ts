// Loads the owner's live memories a hygiene scan looks at, with their stemmed words.
import { and, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { memories, memorySupersedes, type Tx } from '@svc/db';
import { textArray } from '../retrieval/sql/arrays';
import { tsqueryText } from '../retrieval/sql/query-terms';

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

/**
 * Only memories that can score `minShare` word overlap with one memory (itself included): a Jaccard
 * overlap of at least t needs at least t·|words| shared words, or the same content.
 */
export interface Sharing {
  id: string;
  contentHash: string;
  words: readonly string[];
  minShare: number;
}

/** The index is asked for pairs of words when there are at most this many pairs, else single words. */
export const MAX_PROBE_PAIRS = 45;

/**
 * A memory sharing `atLeast` of the n words misses at most n - atLeast of them, so it has at least
 * j of any n - atLeast + j of them. With j = 2 the index is asked for pairs (`a & b | a & c | …`),
 * which few rows match where single common words match thousands: each of those rows was fetched
 * and its words counted only to fail the count (a median 21 ms per check at 10k synthetic memories,
 * finding none). Too many pairs, or a bound of one word, fall back to single words (j = 1). Either
 * way the longest words are taken (likelier rare); the count below decides, so the result is the same.
 */
export function probeQuery(words: readonly string[], atLeast: number): string {
  const longest = [...words].sort((a, b) => b.length - a.length || a.localeCompare(b));
  const pairsFrom = longest.length - atLeast + 2;
  if (atLeast >= 2 && (pairsFrom * (pairsFrom - 1)) / 2 <= MAX_PROBE_PAIRS) {
    const probe = longest.slice(0, pairsFrom).map((w) => tsqueryText([w]));
    return probe.flatMap((a, i) => probe.slice(i + 1).map((b) => `${a} & ${b}`)).join(' | ');
  }
  return tsqueryText(longest.slice(0, longest.length - atLeast + 1));
}

/** Found through the GIN index on `tsv`, then counted, so the rows that cannot match never leave the database. */
function sharingCondition(s: Sharing) {
  const same = sql`(${memories.id} = ${s.id}::uuid or ${memories.contentHash} = ${s.contentHash})`;
  if (s.words.length === 0) return same;
  const atLeast = Math.max(1, Math.ceil(s.words.length * s.minShare));
  return sql`(${same} or (${memories.tsv} @@ ${probeQuery(s.words, atLeast)}::tsquery
    and (select count(*) from unnest(tsvector_to_array(${memories.tsv})) u where u = any(${textArray(s.words)})) >= ${atLeast}))`;
}

export async function loadCandidates(
  tx: Tx,
  ownerId: string,
  scopeIds: string[] | null,
  sharing?: Sharing,
): Promise<Candidate[]> {
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
        sharing ? sharingCondition(sharing) : undefined,
      ),
    )
    .orderBy(desc(memories.createdAt))
    .limit(SCAN_LIMIT);
  return rows.map(({ lexemes, ...row }) => ({ ...row, words: new Set(lexemes) }));
}
