// recall: rank the caller's memories for a question within the resolved target and filters.
import type { ToolArgs, ToolOutput } from '@svc/contract';
import type { Actor } from '../actor';
import { stageClock } from '../retrieval/search-stages';
import { attachProject, loadThreadSession, sessionView } from '../sessions/thread-sessions';
import { resolveReadTarget } from '../targets/resolve-target';
import type { MemoryDeps } from './deps';
import { loadMemories } from './load';
import { toMemoryView } from './to-view';

type Args = ToolArgs<'recall'>;
type Output = ToolOutput<'recall'>;

/** A calendar date bound covers its whole day. */
function bound(value: string | undefined, edge: 'start' | 'end'): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`);
  }
  return new Date(value);
}

export async function recall(deps: MemoryDeps, actor: Actor, args: Args): Promise<Output> {
  const prepared = await deps.retriever.prepare?.(args.query);
  return deps.database.asUser(actor, async (tx) => {
    let session = await loadThreadSession(tx, actor.userId, args.thread);
    const target = await resolveReadTarget(tx, actor.userId, args, session.project);
    if (target.project && (args.project_hint !== undefined || args.scope)) {
      session = await attachProject(tx, actor.userId, session, target.project);
    }
    const hits = await deps.retriever.search(tx, {
      query: args.query,
      k: args.k,
      scopeIds: target.scopeIds,
      kinds: args.kinds,
      tags: args.tags,
      loopState: args.loop_state,
      includeRetired: args.include_retired,
      since: bound(args.since, 'start'),
      until: bound(args.until, 'end'),
    }, prepared);
    const clock = stageClock();
    const loaded = await loadMemories(tx, hits.map((h) => h.memoryId));
    const byId = new Map(loaded.map((m) => [m.row.id, m]));
    const results = hits.flatMap((hit) => {
      const memory = byId.get(hit.memoryId);
      return memory ? [{ memory: toMemoryView(memory), score: hit.score, why: hit.why }] : [];
    });
    clock.lap('results');
    const notes = [...target.notes];
    if (results.length === 0) notes.push('Nothing matched; try other words or a wider target.');
    return { results, notes, session: sessionView(session) };
  });
}
