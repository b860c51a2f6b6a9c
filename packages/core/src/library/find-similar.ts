// find_similar_memory: memories close to a text or to a stored memory, most similar first.
import type { ToolArgs, ToolOutput } from '@svc/contract';
import { fail } from '@svc/errors';
import type { Actor } from '../actor';
import type { MemoryDeps } from '../memory/deps';
import { loadMemories, loadMemory } from '../memory/load';
import { toMemoryView } from '../memory/to-view';
import { resolveReadTarget } from '../targets/resolve-target';
import { sessionAndTarget } from '../targets/session-and-target';
import type { SimilarityFinder } from './similarity';

type Args = ToolArgs<'find_similar_memory'>;
type Output = ToolOutput<'find_similar_memory'>;

/** The stored memory's text is read first, as the caller, so an invisible id is simply not found. */
async function textOf(deps: MemoryDeps, actor: Actor, args: Args): Promise<string> {
  if (args.content !== undefined) return args.content;
  const id = args.memory_id!;
  const memory = await deps.database.asUser(actor, (tx) => loadMemory(tx, id));
  if (!memory) throw fail.notFound('No such memory', { id });
  return memory.row.contentEn ?? memory.row.content;
}

export async function findSimilarMemory(
  deps: MemoryDeps,
  actor: Actor,
  args: Args,
  finder: SimilarityFinder,
): Promise<Output> {
  const text = await textOf(deps, actor, args);
  const prepared = await finder.prepare(text);
  return deps.database.asUser(actor, async (tx) => {
    const [, target] = await sessionAndTarget(tx, actor.userId, args, (project) => resolveReadTarget(tx, actor.userId, args, project));
    const matches = await finder.find(tx, prepared, {
      text,
      excludeId: args.memory_id,
      k: args.k,
      minSimilarity: args.min_similarity,
      scopeIds: target.scopeIds,
      includeRetired: args.include_retired,
    });
    const loaded = new Map((await loadMemories(tx, matches.map((m) => m.memoryId))).map((m) => [m.row.id, m]));
    return {
      matches: matches.flatMap((m) => {
        const memory = loaded.get(m.memoryId);
        return memory ? [{ memory: toMemoryView(memory), similarity: m.similarity }] : [];
      }),
    };
  });
}
