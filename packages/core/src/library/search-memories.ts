// search_memories: browse the caller's memories by filters and an optional query, sorted and paged.
import { and, asc, desc } from 'drizzle-orm';
import type { ToolArgs, ToolOutput } from '@svc/contract';
import { memories, type Tx } from '@svc/db';
import type { Actor } from '../actor';
import type { MemoryDeps } from '../memory/deps';
import { filterConditions } from '../memory/fts-retriever';
import { loadMemories, type LoadedMemory } from '../memory/load';
import type { RecallQuery } from '../memory/retriever';
import { toMemoryView } from '../memory/to-view';
import { resolveReadTarget } from '../targets/resolve-target';
import { sessionAndTarget } from '../targets/session-and-target';
import { decodeCursor, encodeCursor, fingerprint, isOffset } from './page-cursor';
import { matchesRowFilters, searchFilters } from './search-filters';
import { rankCandidates, type SearchRankers } from './search-rank';

type Args = ToolArgs<'search_memories'>;
type Output = ToolOutput<'search_memories'>;
type Entry = { memory: LoadedMemory; score: number | null };

const ORDER = {
  newest: [desc(memories.createdAt), desc(memories.id)],
  oldest: [asc(memories.createdAt), asc(memories.id)],
  importance: [desc(memories.importance), desc(memories.createdAt), desc(memories.id)],
};

/** Without a query the database sorts and pages; one more row than asked tells whether more follow. */
async function listed(tx: Tx, q: RecallQuery, sort: keyof typeof ORDER, offset: number, limit: number): Promise<Entry[]> {
  const rows = await tx
    .select({ id: memories.id })
    .from(memories)
    .where(and(...filterConditions(q)))
    .orderBy(...ORDER[sort])
    .limit(limit + 1)
    .offset(offset);
  return (await loadMemories(tx, rows.map((r) => r.id))).map((memory) => ({ memory, score: null }));
}

const BY_SORT: Record<keyof typeof ORDER, (a: Entry, b: Entry) => number> = {
  newest: (a, b) => +b.memory.row.createdAt - +a.memory.row.createdAt,
  oldest: (a, b) => +a.memory.row.createdAt - +b.memory.row.createdAt,
  importance: (a, b) => b.memory.row.importance - a.memory.row.importance || BY_SORT.newest(a, b),
};

export async function searchMemories(deps: MemoryDeps, actor: Actor, args: Args, rankers: SearchRankers): Promise<Output> {
  const query = args.query;
  const prepared = query !== undefined && args.mode === 'semantic' && rankers.finder.kind === 'vector' ? await rankers.finder.prepare(query) : undefined;
  return deps.database.asUser(actor, async (tx) => {
    const [, target] = await sessionAndTarget(tx, actor.userId, args, (project) => resolveReadTarget(tx, actor.userId, args, project));
    const q = searchFilters(args, target.scopeIds, args.limit);
    const { cursor: _cursor, limit: _limit, thread: _thread, scope: _scope, project_hint: _hint, ...listing } = args;
    const print = fingerprint({ ...listing, scopeIds: target.scopeIds });
    const offset = decodeCursor(args.cursor, print, isOffset) ?? 0;
    let entries: Entry[];
    if (query === undefined) {
      const sort = args.sort === undefined || args.sort === 'relevance' ? 'newest' : args.sort;
      entries = await listed(tx, q, sort, offset, args.limit);
    } else {
      const ranked = await rankCandidates(tx, args.mode, q, rankers, prepared);
      const loaded = new Map((await loadMemories(tx, ranked.map((r) => r.memoryId))).map((m) => [m.row.id, m]));
      const all = ranked.flatMap((r): Entry[] => {
        const memory = loaded.get(r.memoryId);
        return memory && matchesRowFilters(memory.row, q) ? [{ memory, score: r.score }] : [];
      });
      if (args.sort && args.sort !== 'relevance') all.sort(BY_SORT[args.sort]);
      entries = all.slice(offset, offset + args.limit + 1);
    }
    const more = entries.length > args.limit;
    return {
      memories: entries.slice(0, args.limit).map((e) => ({ memory: toMemoryView(e.memory), score: e.score })),
      next_cursor: more ? encodeCursor(offset + args.limit, print) : null,
    };
  });
}
