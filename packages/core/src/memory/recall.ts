// recall: rank the caller's memories for a question within the resolved target and filters.
import type { ToolArgs, ToolOutput } from '@svc/contract';
import type { Tx } from '@svc/db';
import type { Actor } from '../actor';
import { stageClock } from '../retrieval/search-stages';
import { attachProject, sessionView, type ThreadSession } from '../sessions/thread-sessions';
import { resolveReadTarget } from '../targets/resolve-target';
import { sessionAndTarget } from '../targets/session-and-target';
import type { MemoryDeps } from './deps';
import { loadMemories } from './load';
import type { RecallHit, RecallQuery } from './retriever';
import { searchBesideEmbedding } from './search-beside-embedding';
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

/** The query's words are planned while it is embedded (`searchBesideEmbedding`). */
export async function recall(deps: MemoryDeps, actor: Actor, args: Args): Promise<Output> {
  return searchBesideEmbedding(
    deps,
    actor,
    args.query,
    (tx) => resolveRecall(tx, actor, args),
    (tx, hits, { session, target }) => respond(tx, hits, session, target.notes),
  );
}

/** The caller's thread session and read target, and the search they make of the arguments. */
async function resolveRecall(tx: Tx, actor: Actor, args: Args) {
  const [loadedSession, target] = await sessionAndTarget(tx, actor.userId, args, (project) => resolveReadTarget(tx, actor.userId, args, project));
  let session = loadedSession;
  if (target.project && (args.project_hint !== undefined || args.scope)) {
    session = await attachProject(tx, actor.userId, session, target.project);
  }
  const query: RecallQuery = {
    query: args.query,
    k: args.k,
    scopeIds: target.scopeIds,
    kinds: args.kinds,
    tags: args.tags,
    loopState: args.loop_state,
    includeRetired: args.include_retired,
    since: bound(args.since, 'start'),
    until: bound(args.until, 'end'),
  };
  return { session, target, query };
}

/** The hits' memories, in rank order, as the tool answers them. */
async function respond(
  tx: Tx,
  hits: RecallHit[],
  session: ThreadSession,
  targetNotes: readonly string[],
): Promise<Output> {
  const clock = stageClock();
  const loaded = await loadMemories(tx, hits.map((h) => h.memoryId));
  const byId = new Map(loaded.map((m) => [m.row.id, m]));
  const results = hits.flatMap((hit) => {
    const memory = byId.get(hit.memoryId);
    return memory ? [{ memory: toMemoryView(memory), score: hit.score, why: hit.why }] : [];
  });
  clock.lap('results');
  const notes = [...targetNotes];
  if (results.length === 0) notes.push('Nothing matched; try other words or a wider target.');
  return { results, notes, session: sessionView(session) };
}
