// restore_memory: un-retire the caller's memory and remove only their own supersedes links to it.
import { and, eq } from 'drizzle-orm';
import type { ToolArgs, ToolOutput } from '@svc/contract';
import { memories, memorySupersedes } from '@svc/db';
import { fail } from '@svc/errors';
import type { Actor } from '../actor';
import type { MemoryDeps } from './deps';
import { loadMemory } from './load';
import { toMemoryView } from './to-view';

export async function restoreMemory(
  deps: MemoryDeps,
  actor: Actor,
  args: ToolArgs<'restore_memory'>,
): Promise<ToolOutput<'restore_memory'>> {
  return deps.database.asUser(actor, async (tx) => {
    const memory = await loadMemory(tx, args.id);
    if (!memory) throw fail.notFound('No such memory', { id: args.id });
    if (memory.row.ownerId !== actor.userId) throw fail.forbidden('Only the owner can restore a memory');
    const wasRetired = memory.row.invalidatedAt !== null;
    if (wasRetired) {
      // A closed loop brought back is an open loop again: restoring says "not done after all".
      const reopen = memory.row.loopState === 'closed' ? { loopState: 'open' as const, loopClosedAt: null } : {};
      await tx
        .update(memories)
        .set({ invalidatedAt: null, invalidatedBy: null, invalidationReason: null, ...reopen })
        .where(eq(memories.id, args.id));
    }
    const removed = await tx
      .delete(memorySupersedes)
      .where(and(eq(memorySupersedes.predecessorId, args.id), eq(memorySupersedes.createdBy, actor.userId)))
      .returning({ successorId: memorySupersedes.successorId });
    const restored = (await loadMemory(tx, args.id))!;
    return {
      memory: toMemoryView(restored),
      was_retired: wasRetired,
      removed_supersedes_links: removed.map((r) => r.successorId),
      remaining_supersedes_links: restored.supersededBy,
    };
  });
}
