// A short-lived cache of BM25 collection statistics (N, average lengths) for large collections.
import type { SearchFilters } from './types';

export interface CollectionStats {
  n: number;
  avgOwn: number;
  avgCtx: number;
}

/**
 * Counting a collection costs a scan of it on every query (~75 ms for 100k memories on PGlite),
 * while its N and average lengths hardly move in half a minute. Small collections are counted
 * each time: there one new memory changes the statistics noticeably, and counting is cheap.
 */
export const STATS_CACHE_MIN_DOCS = 5000;
const TTL_MS = 30_000;
const MAX_ENTRIES = 1000;

const cache = new Map<string, { stats: CollectionStats; at: number }>();

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
  cache.set(key, { stats, at: now });
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
}

/** For tests and after bulk loads. */
export function clearStatsCache(): void {
  cache.clear();
}
