// The memories page's list: search_memories (hybrid, the recall ranker) with the dashboard's filters of project, kind, language and state.
import { z } from 'zod';
import { bounds, memoryKind, TOOLS, type MemoryView, type ToolArgs } from '@svc/contract';
import { DEFAULT_TUNING, lexicalFinder, searchMemories, type Actor } from '@svc/core';
import { memories } from '@svc/db';
import type { ServerDeps } from '../../deps';
import { memoryDepsOf } from '../../memory-deps';
import { queryLimit } from './person';

export const MEMORY_STATES = ['live', 'open_loop', 'retired', 'superseded', 'all'] as const;
export type MemoryState = (typeof MEMORY_STATES)[number];

export const listQuery = z.object({
  // An empty search box lists by date, as search_memories does without a query.
  q: z
    .string()
    .trim()
    .max(bounds.QUERY_MAX_CHARS)
    .optional()
    .transform((v) => v || undefined),
  // `personal`, or a project's id: the scope targets of the tools, spelled as the page's select sends them.
  project: z.union([z.literal('personal'), z.uuid()]).optional(),
  kind: memoryKind.optional(),
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a language code such as en or de')
    .optional(),
  state: z.enum(MEMORY_STATES).optional(),
  // The page's older spelling of state=all.
  include_retired: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  limit: queryLimit(20),
  cursor: z.string().min(1).max(bounds.CURSOR_MAX_CHARS).optional(),
});
export type ListQuery = z.output<typeof listQuery>;

/**
 * The cosine a memory sharing no word with the query needs to be shown: "close in meaning". Below
 * it the vector leg only returns the nearest of unrelated memories, which is why a nonsense query
 * used to list everything. Measured with the offline model: nonsense queries 0.13–0.14 to their
 * nearest memory, "food intolerance" to "Ada is allergic to peanuts." 0.36.
 */
export const MEANING_COSINE = 0.25;

/**
 * The fused score (core's score fusion) of a memory with no word match is w·cos/(1+w) when the
 * lexical leg ran and the cosine itself when no query word is in any memory; the floor follows.
 */
function meaningFloor(wordsMatched: boolean): number {
  const w = DEFAULT_TUNING.vectorWeight;
  return wordsMatched ? (MEANING_COSINE * w) / (1 + w) : MEANING_COSINE;
}

/** Pages read to fill one answer when a filter applies after the search (language, retired, superseded). */
const SCAN_PAGES = 5;
const PAGE = 100;

function stateOf(view: MemoryView): MemoryState {
  if (view.status === 'retired') return 'retired';
  if (view.status === 'superseded') return 'superseded';
  return view.loop_state === 'open' ? 'open_loop' : 'live';
}

function keeps(query: ListQuery, state: MemoryState) {
  return (view: MemoryView): boolean => {
    if (query.language && view.language !== query.language) return false;
    if (state === 'all' || state === 'live') return true;
    return stateOf(view) === state;
  };
}

export interface MemoryPage {
  memories: MemoryView[];
  next_cursor: string | null;
  /** True when more would match than the search looked at: narrow the filters to see them. */
  more_unsearched: boolean;
}

export const memoryDeps = memoryDepsOf;

export async function listMemories(
  deps: ServerDeps,
  actor: Actor,
  query: ListQuery,
): Promise<MemoryPage> {
  const state: MemoryState = query.state ?? (query.include_retired ? 'all' : 'live');
  const base = TOOLS.search_memories.input.parse({
    ...(query.q !== undefined && { query: query.q }),
    ...(query.project && {
      scope: query.project === 'personal' ? 'personal' : `project:${query.project}`,
    }),
    ...(query.kind && { kinds: [query.kind] }),
    ...(state === 'open_loop' && { loop_state: 'open' }),
    include_retired: state !== 'live' && state !== 'open_loop',
  }) as ToolArgs<'search_memories'>;
  // Lexical similarity only matters to `semantic` mode, which the dashboard does not ask for.
  const rankers = { retriever: deps.retriever, finder: lexicalFinder };
  const search = (args: Partial<ToolArgs<'search_memories'>>) =>
    searchMemories(memoryDeps(deps), actor, { ...base, ...args }, rankers);
  const wanted = keeps(query, state);
  const postFilter = Boolean(query.language) || state === 'retired' || state === 'superseded';

  if (query.q !== undefined) {
    // Ranked search reaches one window deep (core's RANKED_WINDOW); both legs read it whole.
    const [hybrid, keyword] = await Promise.all([
      search({ mode: 'hybrid', limit: PAGE }),
      search({ mode: 'keyword', limit: PAGE }),
    ]);
    const worded = new Set(keyword.memories.map((m) => m.memory.id));
    const floor = meaningFloor(worded.size > 0);
    const shown = hybrid.memories
      .filter((m) => worded.has(m.memory.id) || (m.score ?? 0) >= floor)
      .map((m) => m.memory)
      .filter(wanted);
    return {
      memories: shown.slice(0, query.limit),
      next_cursor: null,
      more_unsearched: shown.length > query.limit || hybrid.next_cursor !== null,
    };
  }
  if (!postFilter) {
    const page = await search({ limit: query.limit, cursor: query.cursor });
    return {
      memories: page.memories.map((m) => m.memory),
      next_cursor: page.next_cursor,
      more_unsearched: false,
    };
  }
  const found: MemoryView[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < SCAN_PAGES && found.length <= query.limit; i++) {
    const page = await search({ limit: PAGE, cursor });
    found.push(...page.memories.map((m) => m.memory).filter(wanted));
    cursor = page.next_cursor ?? undefined;
    if (!cursor) break;
  }
  return {
    memories: found.slice(0, query.limit),
    next_cursor: null,
    more_unsearched: found.length > query.limit || cursor !== undefined,
  };
}

/** The languages of the memories the person sees, for the page's language filter. */
export async function memoryLanguages(deps: ServerDeps, actor: Actor): Promise<string[]> {
  const rows = await deps.database.asUser(actor, (tx) =>
    tx.selectDistinct({ language: memories.language }).from(memories).orderBy(memories.language),
  );
  return rows.map((r) => r.language);
}
