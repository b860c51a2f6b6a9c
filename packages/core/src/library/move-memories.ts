// move_memories: the owner moves memories into a scope they can write, sharing or taking them private.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ScopeTarget, ToolArgs, ToolOutput } from '@svc/contract';
import { memories } from '@svc/db';
import type { Actor } from '../actor';
import type { MemoryDeps } from '../memory/deps';
import { loadMemories, type LoadedMemory } from '../memory/load';
import { resolveWriteTarget } from '../targets/resolve-target';
import { auditActionFor, type MemoryAudit, type MemoryAuditEntry } from './audit';

type Output = ToolOutput<'move_memories'>;

function scopeOf(m: LoadedMemory): ScopeTarget {
  return m.scopeKind === 'personal' || !m.row.projectId ? 'personal' : `project:${m.row.projectId}`;
}

/**
 * The destination never defaults (no thread): a move names where it goes. A reader's project, a
 * stranger's scope and an unresolvable name refuse the whole call; ids are settled one by one.
 * Only the owner moves a memory; the database refuses anyone else too (42501, rule 4).
 */
export async function moveMemories(
  deps: MemoryDeps,
  actor: Actor,
  args: ToolArgs<'move_memories'>,
  audit: MemoryAudit,
): Promise<Output> {
  const { output, entries } = await deps.database.asUser(actor, async (tx) => {
    const target = await resolveWriteTarget(tx, actor.userId, { scope: args.scope, project_hint: args.project_hint }, null);
    const ids = [...new Set(args.ids)];
    const found = new Map((await loadMemories(tx, ids)).map((m) => [m.row.id, m]));
    const moved: string[] = [];
    const skipped: Output['skipped'] = [];
    const entries: MemoryAuditEntry[] = [];
    for (const id of ids) {
      const memory = found.get(id);
      if (!memory) skipped.push({ id, reason: 'not_found' });
      else if (memory.row.ownerId !== actor.userId) skipped.push({ id, reason: 'forbidden' });
      else {
        moved.push(id);
        // Already there: reported as moved (the call is idempotent) but nothing changes or is audited.
        if (memory.row.scopeId !== target.scopeId) {
          entries.push({ action: auditActionFor(target.scope), memoryId: id, userId: actor.userId, from: scopeOf(memory), to: target.scope });
        }
      }
    }
    const changing = entries.map((e) => e.memoryId);
    if (changing.length) {
      const shared = target.scope === 'personal' ? { sharedBy: null, sharedAt: null } : { sharedBy: actor.userId, sharedAt: sql`now()` };
      await tx
        .update(memories)
        .set({ scopeId: target.scopeId, ...shared })
        .where(and(inArray(memories.id, changing), eq(memories.ownerId, actor.userId)));
    }
    const project = target.project ? { id: target.project.id, name: target.project.name } : null;
    return { output: { moved, skipped, to: { scope: target.scope, project } }, entries };
  });
  if (entries.length) {
    try {
      await audit.record(entries);
    } catch (thrown) {
      // The move has committed; answering with a failure would tell the caller something untrue.
      // The lost audit rows are named here so an operator can restore the trail from the log.
      deps.logger.error('audit_write_failed', {
        action: 'move_memories',
        memory_ids: entries.map((e) => e.memoryId),
        message: thrown instanceof Error ? thrown.message : String(thrown),
      });
    }
  }
  return output;
}
