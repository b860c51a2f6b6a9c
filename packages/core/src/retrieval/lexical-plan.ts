// Prepares the lexical leg: the query's words with their document frequencies and the collection's statistics.
import { rowsOf, type Executor } from '@svc/db';
import {
  cachedDf,
  cachedStats,
  claimRefresh,
  refreshFailed,
  rememberDf,
  rememberStats,
  STATS_CACHE_MIN_DOCS,
  statsKey,
  type CollectionStats,
  type KnownDf,
} from './collection-stats';
import type { AfterAnswer } from './deps';
import type { QueryTerm } from './sql/query-terms';
import { termStatsStatement } from './sql/term-stats';
import type { RetrievalTuning } from './tuning';
import type { SearchFilters } from './types';

export interface PlannedTerm extends QueryTerm {
  /** Documents of the collection holding the word. */
  df: number;
  /** In more than `commonTermDocs` documents: scored only where an uncommon word matched. */
  common: boolean;
}

export interface LexicalPlan {
  terms: PlannedTerm[];
  stats: CollectionStats;
}

interface TermStatsRow {
  docs: number[];
  n: number | null;
  avg_own: number | null;
  avg_ctx: number | null;
}

function statsOf(row: TermStatsRow): CollectionStats {
  return { n: Number(row.n ?? 0), avgOwn: Number(row.avg_own ?? 1), avgCtx: Number(row.avg_ctx ?? 1) };
}

/**
 * Null when no query word occurs in the collection.
 * `afterAnswer`: where stale cached statistics are counted again once the caller has answered
 * (a transaction of its own, as the same caller); without it they are counted here.
 */
export async function planLexical(
  exec: Executor,
  terms: readonly QueryTerm[],
  filters: SearchFilters,
  tuning: RetrievalTuning,
  uid: string | null,
  afterAnswer?: AfterAnswer,
): Promise<LexicalPlan | null> {
  if (terms.length === 0) return null;
  const key = statsKey(uid, filters);
  const hit = cachedStats(key, afterAnswer !== undefined);
  const cached = hit?.stats ?? null;
  const bound = tuning.commonTermDocs;
  if (hit?.stale && afterAnswer && claimRefresh(key)) {
    afterAnswer(async (later) => {
      try {
        const [row] = rowsOf<TermStatsRow>(await later.execute(termStatsStatement([], filters, true)));
        if (row) rememberStats(key, statsOf(row));
        else refreshFailed(key);
      } catch (thrown) {
        refreshFailed(key);
        throw thrown;
      }
    });
  }
  // Words seen within the statistics' lifetime are not looked up again (collection-stats.ts).
  const known = new Map<string, KnownDf>();
  for (const t of terms) {
    const df = cached ? cachedDf(key, t.lexeme) : null;
    if (df !== null) known.set(t.lexeme, df);
  }
  const toCount = terms.filter((t) => !known.has(t.lexeme));
  let stats = cached;
  const counted = new Map<string, PlannedTerm>();
  if (toCount.length > 0 || !stats) {
    const [row] = rowsOf<TermStatsRow>(
      await exec.execute(termStatsStatement(toCount, filters, !cached)),
    );
    if (!row) return null;
    // Cached statistics (stale ones too) are never stored again here: that would make stale ones
    // look fresh and turn their recount away.
    if (!stats) {
      stats = statsOf(row);
      rememberStats(key, stats);
    }
    toCount.forEach((t, i) => {
      const df = Number(row.docs[i] ?? 0);
      const common = df > bound;
      rememberDf(key, t.lexeme, { df, common });
      counted.set(t.lexeme, { ...t, common, df });
    });
  }
  const planned = terms.map(
    (t): PlannedTerm => counted.get(t.lexeme) ?? { ...t, ...known.get(t.lexeme)! },
  );
  const present = planned.filter((t) => t.df > 0);
  if (present.length === 0 || stats.n <= 0) return null;
  return { terms: stats.n >= STATS_CACHE_MIN_DOCS ? withinHitBudget(present, bound) : present, stats };
}

/**
 * Scoring costs time linear in the memories matched by uncommon words (about 30 µs each on the
 * embedded database): a query of several middling words (each in hundreds of memories) scored
 * thousands. In a large collection the uncommon words, rarest first, may together match about
 * `bound` memories; the more frequent ones beyond that count as common (they add to the scores of
 * what the rarer ones matched, and the vector leg still finds what only they would have). The
 * rarest word always leads. Collections under STATS_CACHE_MIN_DOCS are scored exactly.
 */
export function withinHitBudget(terms: PlannedTerm[], bound: number): PlannedTerm[] {
  const uncommon = terms.filter((t) => !t.common).sort((a, b) => a.df - b.df || a.lexeme.localeCompare(b.lexeme));
  const demoted = new Set<string>();
  let matched = 0;
  for (const [i, t] of uncommon.entries()) {
    if (i > 0 && matched + t.df > bound) demoted.add(t.lexeme);
    else matched += t.df;
  }
  return demoted.size === 0 ? terms : terms.map((t) => (demoted.has(t.lexeme) ? { ...t, common: true } : t));
}
