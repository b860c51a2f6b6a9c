// The filters of search_memories as the retriever takes them, and the same test applied to a loaded row.
import type { ToolArgs } from '@svc/contract';
import type { MemoryRow } from '../memory/load';
import type { RecallQuery } from '../memory/retriever';

type Args = ToolArgs<'search_memories'>;

/** A calendar date bound covers its whole day. */
export function timeBound(value: string | undefined, edge: 'start' | 'end'): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`);
  }
  return new Date(value);
}

export function searchFilters(args: Args, scopeIds: string[] | null, k: number): RecallQuery {
  return {
    query: args.query ?? '',
    k,
    scopeIds,
    kinds: args.kinds,
    tags: args.tags,
    loopState: args.loop_state,
    includeRetired: args.include_retired,
    since: timeBound(args.since, 'start'),
    until: timeBound(args.until, 'end'),
  };
}

/** True when a ranker could not apply these filters itself (the Database API takes none of them). */
export function hasRowFilters(q: RecallQuery): boolean {
  return Boolean(q.kinds?.length || q.tags?.length || q.loopState || q.since || q.until);
}

/** For candidates of a ranker that filters by scope and retirement only. */
export function matchesRowFilters(row: MemoryRow, q: RecallQuery): boolean {
  const when = row.eventAt ?? row.createdAt;
  return (
    (!q.kinds?.length || q.kinds.includes(row.kind)) &&
    (!q.tags?.length || q.tags.every((t) => row.tags.includes(t))) &&
    (!q.loopState || row.loopState === q.loopState) &&
    (!q.since || when >= q.since) &&
    (!q.until || when <= q.until)
  );
}
