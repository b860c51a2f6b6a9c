// A cache of BM25 collection statistics (N, average lengths, the words' frequencies) for large collections, read again when stale.
import type { SearchFilters } from './types';

export interface CollectionStats {
  n: number;
  avgOwn: number;
  avgCtx: number;
}

/**
 * N, the average lengths and the words' frequencies are read from counts kept by triggers
 * (memory_search_totals, memory_search_words), cheaply, but in a statement of their own: a large
 * collection's figures, which hardly move in half a minute, are kept here so that a search whose
 * words were all seen needs no statement. Small collections are read each time: there one new
 * memory changes the statistics noticeably.
 */
export const STATS_CACHE_MIN_DOCS = 5000;
/**
 * Past this age statistics are stale: still used (an agent's recalls come minutes apart, and
 * counting inline, when that still scanned the collection, made each one after a pause 190-315 ms
 * at 100k instead of about 40), but counted again after the answer where the caller can
 * (`AfterAnswer`); without one, counted inline.
 */
export const STATS_TTL_MS = 30_000;
const MAX_ENTRIES = 1000;

/**
 * `dfs`: the document frequencies of the query words seen within the statistics' lifetime, by
 * lexeme. In a collection this large one new memory moves a word's weight by little, so they are
 * kept as long as N is. A word found in no document is never kept: the next memory may hold it,
 * and a kept zero would hide that memory from the lexical leg.
 */
export interface KnownDf {
  df: number;
  /** Over the bound: scored only where an uncommon word matched (see lexical-plan.ts). */
  common: boolean;
}

interface Entry {
  stats: CollectionStats;
  at: number;
  dfs: Map<string, KnownDf>;
  /** When a recount of stale statistics was claimed (one at a time per key); null: none. */
  refreshingSince: number | null;
}

const cache = new Map<string, Entry>();

/** Keyed by the caller (stats describe what they can see) and the searched scopes. */
export function statsKey(uid: string | null, filters: SearchFilters): string | null {
  if (!uid) return null;
  const scopes = [...(filters.scopeIds ?? [])].sort().join(',');
  const projects = [...(filters.projectIds ?? [])].sort().join(',');
  return `${uid}|${filters.scopeIds ? scopes : '*'}|${filters.projectIds ? projects : '*'}`;
}

export interface CachedStats {
  stats: CollectionStats;
  /** Older than STATS_TTL_MS: count again, after the answer where the caller can. */
  stale: boolean;
}

/** With `servingStale` false (a caller that cannot count after its answer), stale counts as absent. */
export function cachedStats(key: string | null, servingStale: boolean, now = Date.now()): CachedStats | null {
  const hit = key ? cache.get(key) : undefined;
  if (!hit) return null;
  const stale = now - hit.at > STATS_TTL_MS;
  return stale && !servingStale ? null : { stats: hit.stats, stale };
}

/**
 * Claims the recount of stale statistics for `key`: true once until `rememberStats` replaces
 * them or `refreshFailed` gives the claim back, so many recalls at once start one scan. A claim
 * older than STATS_TTL_MS lapses: a recount that never started (its transaction could not open)
 * must not keep the statistics stale for good.
 */
export function claimRefresh(key: string | null, now = Date.now()): boolean {
  const hit = key ? cache.get(key) : undefined;
  if (!hit || now - hit.at <= STATS_TTL_MS) return false;
  if (hit.refreshingSince !== null && now - hit.refreshingSince <= STATS_TTL_MS) return false;
  hit.refreshingSince = now;
  return true;
}

export function refreshFailed(key: string | null): void {
  const hit = key ? cache.get(key) : undefined;
  if (hit) hit.refreshingSince = null;
}

export function rememberStats(key: string | null, stats: CollectionStats, now = Date.now()): void {
  if (!key) return;
  if (stats.n < STATS_CACHE_MIN_DOCS) {
    cache.delete(key); // shrunk below caching: counted each time again
    return;
  }
  const existing = cache.get(key);
  if (existing && now - existing.at <= STATS_TTL_MS) return; // a fresh entry keeps its age, so it expires
  cache.delete(key);
  cache.set(key, { stats, at: now, dfs: new Map(), refreshingSince: null });
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
}

/**
 * A word's remembered document frequency, for as long as the statistics it was counted beside are
 * used (stale ones too, until their recount replaces them and the words with them).
 */
export function cachedDf(key: string | null, lexeme: string): KnownDf | null {
  const hit = key ? cache.get(key) : undefined;
  if (!hit) return null;
  return hit.dfs.get(lexeme) ?? null;
}

/** Kept only beside cached statistics (collections of STATS_CACHE_MIN_DOCS or more), and replaced with them. */
export function rememberDf(key: string | null, lexeme: string, known: KnownDf): void {
  const hit = key ? cache.get(key) : undefined;
  if (hit && known.df > 0) hit.dfs.set(lexeme, known);
}

/** For tests and after bulk loads. */
export function clearStatsCache(): void {
  cache.clear();
}
