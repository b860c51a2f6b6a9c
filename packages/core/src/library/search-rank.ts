// Ranks search_memories candidates by the mode asked for, through the ranker that serves it.
import { searchMemories as dbSearchMemories, type Tx } from '@svc/db';
import { ftsRetriever } from '../memory/fts-retriever';
import type { RecallQuery, Retriever } from '../memory/retriever';
import { hasRowFilters } from './search-filters';
import type { SimilarityFinder } from './similarity';

export type SearchMode = 'hybrid' | 'keyword' | 'semantic';

export interface RankedCandidate {
  memoryId: string;
  score: number;
}

export interface SearchRankers {
  /** The service's recall ranker (hybrid when an embedder is configured). */
  retriever: Retriever;
  finder: SimilarityFinder;
}

/** Browsing by relevance reaches this deep; past it, filters or sorting find the rest. */
export const RANKED_WINDOW = 100;

/**
 * keyword: the Database API's full-text search (svc_search_memories) when only scope and retirement
 * filter; with row filters, the same ts_rank_cd ranking with the filters inside the query, so
 * none of the matches beyond its top k are lost. hybrid: the recall ranker. semantic: the vector
 * finder; without an embedder it falls back to the recall ranker, since a lexical "similarity"
 * would only repeat keyword mode under another name.
 */
export async function rankCandidates(
  tx: Tx,
  mode: SearchMode,
  q: RecallQuery,
  rankers: SearchRankers,
  prepared: unknown,
): Promise<RankedCandidate[]> {
  const windowed = { ...q, k: RANKED_WINDOW };
  if (mode === 'keyword' && !hasRowFilters(q)) {
    const hits = await dbSearchMemories(tx, {
      query: q.query,
      k: RANKED_WINDOW,
      scopeIds: q.scopeIds ?? undefined,
      includeRetired: q.includeRetired,
    });
    return hits.map((h) => ({ memoryId: h.memory_id, score: clamp(Number(h.rank)) }));
  }
  if (mode === 'keyword') return (await ftsRetriever.search(tx, windowed)).map(toCandidate);
  if (mode === 'semantic' && rankers.finder.kind === 'vector') {
    const matches = await rankers.finder.find(tx, prepared, {
      text: q.query,
      k: RANKED_WINDOW,
      minSimilarity: 0,
      scopeIds: q.scopeIds,
      includeRetired: q.includeRetired,
    });
    return matches.map((m) => ({ memoryId: m.memoryId, score: m.similarity }));
  }
  return (await rankers.retriever.search(tx, windowed)).map(toCandidate);
}

const clamp = (n: number) => Math.min(1, Math.max(0, Number.isFinite(n) ? n : 0));
const toCandidate = (h: { memoryId: string; score: number }) => ({ memoryId: h.memoryId, score: clamp(h.score) });
