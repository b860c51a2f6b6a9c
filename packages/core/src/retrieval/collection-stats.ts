// A short-lived cache of BM25 collection statistics (N, average lengths) for large collections.
import type { SearchFilters } from './types';

export interface CollectionStats {
  n: number;
  avgOwn: number;
  avgCtx: number;
  /**
   * Words the collection's sample shows to be far above the common bound, with their estimated
   * document frequency: known common without a count (see lexical-plan.ts). Empty when not sampled.
   */
  surelyCommon?: ReadonlyMap<string, number>;
}

/**
 * Counting a collection costs a scan of it on every query (~75 ms for 100k memories on PGlite),
 * while its N and average lengths hardly move in half a minute. Small collections are counted
 * each time: there one new memory changes the statistics noticeably, and counting is cheap.
 */
export const STATS_CACHE_MIN_DOCS = 5000;
const TTL_MS = 30_000;
const MAX_ENTRIES = 1000;

/**
 * `common`: document frequencies of the collection's common words (over `commonTermDocs`), by
 * lexeme. Counting one costs a bitmap over every document holding it (the GIN index cannot stop
 * at the bound: ~1 s for "the" in 100k memories on PGlite), and its frequency is an estimate from
 * a sample anyway, so it is kept as long as N is. Uncommon words are counted on every query:
 * cheap, and exact where a single new memory matters.
 */
const cache = new Map<string, { stats: CollectionStats; at: number; common: Map<string, number> }>();

/** Keyed by the caller (stats describe what they can see) and the searched scopes. */
export function statsKey(uid: string | null, filters: SearchFilters): string | null {
  if (!uid) return null;
  const scopes = [...(filters.scopeIds ?? [])].sort().join(',');
  const projects = [...(filters.projectIds ?? [])].sort().join(',');
  return `${uid}|${filters.scopeIds ? scopes : '*'}|${filters.projectIds ? projects : '*'}`;
}

export function cachedStats(key: string | null, now = Date.now()): CollectionStats | null {
  const hit = key ? cache.get(key) : undefined;
  return hit && now - hit.at <= TTL_MS ? hit.stats : null;
}

export function rememberStats(key: string | null, stats: CollectionStats, now = Date.now()): void {
  if (!key || stats.n < STATS_CACHE_MIN_DOCS) return;
  const existing = cache.get(key);
  if (existing && now - existing.at <= TTL_MS) return; // a fresh entry keeps its age, so it expires
  cache.delete(key);
  cache.set(key, { stats, at: now, common: new Map() });
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
}

/** The remembered document frequency of a common word, while the collection's statistics are fresh. */
export function cachedCommonDf(key: string | null, lexeme: string, now = Date.now()): number | null {
  const hit = key ? cache.get(key) : undefined;
  if (!hit || now - hit.at > TTL_MS) return null;
  return hit.common.get(lexeme) ?? hit.stats.surelyCommon?.get(lexeme) ?? null;
}

/** Kept only beside fresh cached statistics (collections of STATS_CACHE_MIN_DOCS or more), and expiring with them. */
export function rememberCommonDf(key: string | null, lexeme: string, df: number, now = Date.now()): void {
  const hit = key ? cache.get(key) : undefined;
  if (hit && now - hit.at <= TTL_MS) hit.common.set(lexeme, df);
}

/** For tests and after bulk loads. */
export function clearStatsCache(): void {
  cache.clear();
}
