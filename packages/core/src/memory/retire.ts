// forget and close_loop: retire memories in the caller's own name, settling what can be settled.
import { eq, inArray, sql } from 'drizzle-orm';
import type { ToolArgs, ToolOutput } from '@svc/contract';
import { memories } from '@svc/db';
import { fail } from '@svc/errors';
import type { Actor } from '../actor';
import type { MemoryDeps } from './deps';
import { loadMemories, loadMemory } from './load';
import { toMemoryView } from './to-view';
import { canWriteScope } from './write-access';

/**
 * Owners retire their memories; a writer member may retire another member's shared memory in
 * their own name (the database's rule 4 allows exactly that). Readers and strangers are skipped.
 */
export async function forget(deps: MemoryDeps, actor: Actor, args: ToolArgs<'forget'>): Promise<ToolOutput<'forget'>> {
  return deps.database.asUser(actor, async (tx) => {
    const ids = [...new Set(args.ids)];
    const found = new Map((await loadMemories(tx, ids)).map((m) => [m.row.id, m]));
    const retired: string[] = [];
    const skipped: ToolOutput<'forget'>['skipped'] = [];
    for (const id of ids) {
      const memory = found.get(id);
      if (!memory) skipped.push({ id, reason: 'not_found' });
      else if (memory.row.invalidatedAt) skipped.push({ id, reason: 'already_retired' });
      else if (!(await canWriteScope(tx, memory.row.scopeId))) skipped.push({ id, reason: 'forbidden' });
      else retired.push(id);
    }
    if (retired.length) {
      await tx
        .update(memories)
        .set({ invalidatedAt: sql`now()`, invalidatedBy: actor.userId, invalidationReason: args.reason ?? 'forgotten' })
        .where(inArray(memories.id, retired));
    }
    return { retired, skipped };
  });
}

export async function closeLoop(
  deps: MemoryDeps,
  actor: Actor,
  args: ToolArgs<'close_loop'>,
): Promise<ToolOutput<'close_loop'>> {
  return deps.database.asUser(actor, async (tx) => {
    const memory = await loadMemory(tx, args.id);
    if (!memory) throw fail.notFound('No such memory', { id: args.id });
    if (memory.row.loopState !== 'open') {
      throw fail.validation('That memory is not an open loop', { id: args.id, loop_state: memory.row.loopState });
    }
    if (!(await canWriteScope(tx, memory.row.scopeId))) throw fail.forbidden('You cannot close loops in that scope');
    await tx
      .update(memories)
      .set({
        loopState: 'closed',
        loopClosedAt: sql`now()`,
        invalidatedAt: sql`now()`,
        invalidatedBy: actor.userId,
        invalidationReason: args.resolution ?? 'loop closed',
      })
      .where(eq(memories.id, args.id));
    return { memory: toMemoryView((await loadMemory(tx, args.id))!) };
  });
}
