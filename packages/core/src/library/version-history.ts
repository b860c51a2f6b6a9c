// memory_version_history: the supersedes chain around a memory, its current version and its events.
import { inArray } from 'drizzle-orm';
import type { ToolArgs, ToolOutput } from '@svc/contract';
import { memorySupersedes, memoryVersionHistory as dbVersionHistory, type MemoryVersion } from '@svc/db';
import { fail } from '@svc/errors';
import type { Actor } from '../actor';
import type { MemoryDeps } from '../memory/deps';
import { loadMemories } from '../memory/load';
import { toMemoryView } from '../memory/to-view';
import type { MemoryAudit } from './audit';
import { versionEvents } from './version-events';

type Output = ToolOutput<'memory_version_history'>;

/** The newest version neither retired nor superseded; on a fork the deeper, then later one. */
function currentOf(chain: readonly MemoryVersion[]): string | null {
  const live = chain.filter((v) => v.invalidated_at === null && (v.superseded_by ?? []).length === 0);
  live.sort((a, b) => b.depth - a.depth || String(b.created_at).localeCompare(String(a.created_at)));
  return live[0]?.version_id ?? null;
}

/** The `limit` versions nearest to the one asked about, kept in chain order (oldest first). */
function nearest(chain: readonly MemoryVersion[], limit: number): MemoryVersion[] {
  const keep = new Set(
    [...chain]
      .sort((a, b) => Math.abs(a.depth) - Math.abs(b.depth) || a.depth - b.depth)
      .slice(0, limit)
      .map((v) => v.version_id),
  );
  return chain.filter((v) => keep.has(v.version_id));
}

/**
 * The chain comes from the Database API (svc_memory_version_history), which refuses an anonymous
 * caller and shows only versions and links the caller can see.
 */
export async function memoryVersionHistory(
  deps: MemoryDeps,
  actor: Actor,
  args: ToolArgs<'memory_version_history'>,
  audit: MemoryAudit,
): Promise<Output> {
  const read = await deps.database.asUser(actor, async (tx) => {
    const chain = (await dbVersionHistory(tx, args.id)).map((v) => ({ ...v, depth: Number(v.depth) }));
    if (chain.length === 0) throw fail.notFound('No such memory', { id: args.id });
    const shown = nearest(chain, args.limit);
    const ids = shown.map((v) => v.version_id);
    const versions = await loadMemories(tx, ids);
    const links = await tx
      .select({
        successorId: memorySupersedes.successorId,
        predecessorId: memorySupersedes.predecessorId,
        createdBy: memorySupersedes.createdBy,
        createdAt: memorySupersedes.createdAt,
      })
      .from(memorySupersedes)
      .where(inArray(memorySupersedes.predecessorId, ids));
    return { chain, ids, versions, links };
  });
  // Asked after the transaction, and only about versions the caller was shown.
  const trail = await audit.history(read.ids);
  return {
    id: args.id,
    versions: read.versions.map((v) => toMemoryView(v)),
    current: currentOf(read.chain),
    events: versionEvents(read.versions, read.links, trail),
    truncated: read.chain.length > read.ids.length,
  };
}
