// How find_similar_memory measures closeness: by vector when a model is configured, else by words.
import { searchMemories as dbSearchMemories, type Tx } from '@svc/db';
import { contentWords, wordSimilarity } from './word-similarity';

export interface SimilarityQuery {
  text: string;
  /** The memory compared against is never its own match. */
  excludeId?: string;
  k: number;
  minSimilarity: number;
  /** Scopes to search; null means every scope the caller can read. */
  scopeIds: string[] | null;
  includeRetired: boolean;
}

export interface SimilarMatch {
  memoryId: string;
  /** 0..1, 1 is the same meaning. */
  similarity: number;
}

export interface SimilarityFinder {
  readonly kind: 'vector' | 'lexical';
  /** Slow work (a model call) done before the transaction opens, so no lock waits on it. */
  prepare(text: string): Promise<unknown>;
  find(tx: Tx, prepared: unknown, q: SimilarityQuery): Promise<SimilarMatch[]>;
}

/** The Database API caps k at 100; candidates are scored again on the client side. */
const CANDIDATES = 100;
/** A long text would otherwise become a query of hundreds of alternatives. */
const QUERY_WORDS_MAX = 48;

export function finishMatches(matches: SimilarMatch[], q: SimilarityQuery): SimilarMatch[] {
  return matches
    .filter((m) => m.memoryId !== q.excludeId && m.similarity >= q.minSimilarity)
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, q.k);
}

/**
 * Candidates sharing any content word, found through the Database API (svc_search_memories, which
 * refuses an anonymous caller), then scored by word cosine. Close wording is what it measures, so
 * paraphrases score low: configure an embedder for meaning.
 */
export const lexicalFinder: SimilarityFinder = {
  kind: 'lexical',
  prepare: (text) => Promise.resolve(text),
  async find(tx, prepared, q) {
    const words = [...new Set(contentWords(String(prepared)))]
      .sort((a, b) => b.length - a.length)
      .slice(0, QUERY_WORDS_MAX);
    if (words.length === 0) return [];
    const hits = await dbSearchMemories(tx, {
      query: words.join(' or '),
      k: CANDIDATES,
      scopeIds: q.scopeIds ?? undefined,
      includeRetired: q.includeRetired,
    });
    return finishMatches(
      hits.map((h) => ({ memoryId: h.memory_id, similarity: wordSimilarity(q.text, h.content) })),
      q,
    );
  },
};
