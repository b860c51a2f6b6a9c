// Hybrid search for recall, build_context and search_memories: both legs in SQL, fused here.
import { rowsOf, type Executor } from '@svc/db';
import { timed } from '@svc/observability';
import type { AfterAnswer, RetrievalDeps } from './deps';
import { compareRanked, fuse, questionFactor, type FusionContext } from './fusion';
import { rescoreDepth, rescoreWithConversation, usesConversationSignals, type ConversationSignals } from './conversation-rescore';
import { embedQuery } from './query-embedding';
import { planLexical, type LexicalPlan } from './lexical-plan';
import { stageClock } from './search-stages';
import { candidatesStatement, type CandidateRow } from './sql/candidates';
import { preludeStatement, queryTerms, searchSettingsStatement, type PreludeRow } from './sql/query-terms';
import { asksWhen, queryTimeRange, statesTime, withinRange } from './query-time';
import { DEFAULT_TUNING } from './tuning';
import type { HybridSearchOptions, HybridSearchResult } from './types';
import { explain } from './why';

/** Scores closer than this are ties, decided by kind, importance and recency. */
const SCORE_PRECISION = 1e4;

/** The database work of a search that needs no query vector: its words and their statistics. */
export interface SearchPlan {
  /** Null when the lexical leg is off (semantic mode) or no query word occurs in the collection. */
  lexical: LexicalPlan | null;
}

/** A plan's first statement, sent before the caller's other reads: it needs only the query's text. */
export interface StartedPlan {
  query: string;
  prelude: Promise<PreludeRow | undefined>;
}

/**
 * Sends the prelude (the query's lexemes, the caller, the settings of `hnswSettings`) in the caller's transaction
 * now, so it travels with whatever the caller reads next instead of after it.
 */
export function startPlan(exec: Executor, query: string, deps: RetrievalDeps, genericPlans = false): StartedPlan {
  const prelude = (async () => {
    const [row] = rowsOf<PreludeRow>(await exec.execute(preludeStatement(query, (deps.tuning ?? DEFAULT_TUNING).efSearch, genericPlans)));
    return row;
  })();
  // Awaited by planSearch; a caller whose own reads failed first never awaits it.
  prelude.catch(() => undefined);
  return { query, prelude };
}

/**
 * Runs as the caller (row-level security decides which memories the statistics count). A caller
 * that embeds the query meanwhile runs this in a short transaction of its own and passes the plan
 * to `hybridSearch`, so the vector is awaited only where the candidates statement needs it and no
 * transaction is held while the model works. `afterAnswer`: see `planLexical`.
 */
export async function planSearch(
  exec: Executor,
  options: HybridSearchOptions,
  deps: RetrievalDeps,
  afterAnswer?: AfterAnswer,
  started?: StartedPlan,
): Promise<SearchPlan> {
  const clock = stageClock();
  const tuning = deps.tuning ?? DEFAULT_TUNING;
  const prelude = started?.query === options.query ? await started.prelude : await startPlan(exec, options.query, deps).prelude;
  const lexical =
    (options.mode ?? 'hybrid') !== 'semantic'
      ? await planLexical(exec, queryTerms(prelude), options, tuning, prelude?.uid ?? null, afterAnswer)
      : null;
  clock.lap('lexical_plan');
  return { lexical };
}

/**
 * Runs inside the caller's transaction (`database.asUser`), so row-level security decides what
 * is visible. Pass `queryVector` when the query was embedded before the transaction opened, and
 * `planned` when `planSearch` ran for the same options in an earlier transaction; `settingsMade`
 * when the transaction made the HNSW settings as it opened (`hnswSettings`).
 */
export async function hybridSearch(
  exec: Executor,
  options: HybridSearchOptions,
  deps: RetrievalDeps,
  planned?: SearchPlan,
  settingsMade = false,
): Promise<HybridSearchResult[]> {
  const tuning = deps.tuning ?? DEFAULT_TUNING;
  const mode = options.mode ?? 'hybrid';
  const offset = options.offset ?? 0;
  const k = Math.max(1, Math.min(100, Math.floor(options.k)));
  const lexical = mode !== 'semantic';
  let vector = null;
  if (mode !== 'keyword' && deps.embedder) {
    vector =
      options.queryVector === undefined
        ? await embedQuery(deps.embedder, options.query, deps.logger)
        : options.queryVector && { model: deps.embedder.model, vector: options.queryVector };
  }
  if (!lexical && !vector) return [];
  const depth = Math.max(tuning.candidateDepth, 5 * k) + offset;

  return timed(
    deps.logger,
    'hybrid_search',
    async () => {
      const plan = planned ? planned.lexical : (await planSearch(exec, options, deps)).lexical;
      const clock = stageClock();
      if (!plan && !vector) return [];
      // The plan's transaction set these too, but they ended with it.
      if (planned && vector && !settingsMade) await exec.execute(searchSettingsStatement(tuning.efSearch));
      const during = queryTimeRange(options.query, new Date());
      // In the time the query names: a bonus on the fused score, renormalised to 0..1.
      const inTime = (r: CandidateRow) =>
        during !== null && withinRange(r.event_at === null ? null : new Date(r.event_at), during);
      // "When did…": a memory whose text dates what it tells ("yesterday", "last May") answers it.
      const when = tuning.whenBonus > 0 && asksWhen(options.query);
      const dated = (r: CandidateRow) => when && statesTime(r.opening ?? '');
      const bonus = (during ? tuning.timeBonus : 0) + (when ? tuning.whenBonus : 0);
      const withTime = (fused: number, r: CandidateRow) =>
        (fused + (inTime(r) ? tuning.timeBonus : 0) + (dated(r) ? tuning.whenBonus : 0)) / (1 + bonus);
      const statement = candidatesStatement({
        during,
        opening: when,
        filters: options,
        lexical: plan,
        vector,
        depth,
        tuning,
      });
      const rows = rowsOf<CandidateRow>(await exec.execute(statement));
      clock.lap('candidates');
      const ctx: FusionContext = {
        lexical: plan !== null,
        vector: vector !== null,
        maxLex: Math.max(0, ...rows.map((r) => (r.lex_rank !== null ? Number(r.lex_score) : 0))),
      };
      // Until the best candidates get their conversation signals, each one's own cosine stands in
      // for its neighbours' (as for a memory with none), so all are scored on one scale.
      const conversational = usesConversationSignals(vector, tuning);
      const scoreOf = (r: CandidateRow, around: ConversationSignals | null) => {
        const signals = {
          lexScore: r.lex_score === null ? null : Number(r.lex_score),
          lexRank: r.lex_rank,
          cosine: r.cosine === null ? null : Number(r.cosine),
          vecRank: r.vec_rank,
          ...(conversational && { contextCosine: around?.contextCosine ?? null }),
        };
        const score = withTime(fuse(signals, ctx, tuning), r) * questionFactor(around?.asks, tuning);
        return Math.round(score * SCORE_PRECISION) / SCORE_PRECISION;
      };
      const first = rows.map((r) => ({
        row: r,
        around: null as ConversationSignals | null,
        memoryId: r.memory_id,
        score: scoreOf(r, null),
        kind: r.kind,
        importance: Number(r.importance),
        orderedAt: new Date(r.ordered_at).getTime(),
      }));
      first.sort(compareRanked);
      clock.lap('fusion');
      const ranked = await rescoreWithConversation(
        exec,
        first,
        { vector, tuning, depth: rescoreDepth(k, offset) },
        (item, around) => ({ ...item, around, score: scoreOf(item.row, around) }),
      );
      clock.lap('conversation');
      const hits = ranked.slice(offset, offset + k).map(({ row, around, memoryId, score }) => ({
        memoryId,
        score,
        why: explain(
          {
            ownTerms: row.own_terms ?? [],
            contextTerms: row.context_terms ?? [],
            speakerTerms: row.speaker_terms ?? [],
            cosine: row.cosine === null ? null : Number(row.cosine),
            vectorUsed: vector !== null,
            inTime: inTime(row),
            contextCosine: around?.contextCosine ?? null,
          },
          options.query,
        ),
      }));
      clock.lap('explain');
      return hits;
    },
    { mode, k, vector: vector !== null },
  );
}
