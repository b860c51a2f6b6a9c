// link (action entities): relate named things in a scope's graph, and record which memory said so.
import type { LinkActionInput, ToolOutput } from '@svc/contract';
import { memoryEntities, type Tx } from '@svc/db';
import { fail } from '@svc/errors';
import type { Actor } from '../actor';
import type { MemoryDeps } from '../memory/deps';
import { loadMemory } from '../memory/load';
import { canWriteScope } from '../memory/write-access';
import { assertNoSecrets } from '@svc/secrets';
import { resolveWriteTarget } from '../targets/resolve-target';
import { sessionAndTarget } from '../targets/session-and-target';
import { findOrCreateEntity, lockEntityNames, relateEntities } from './entities';

type Args = Extract<LinkActionInput, { action: 'entities' }>;
type Output = ToolOutput<'link'>;

/**
 * scope or project_hint, else the scope of the memory that states the relations, else the
 * session's project; with none of them the call needs a target, like remember.
 */
async function graphScope(tx: Tx, actor: Actor, args: Args): Promise<string> {
  if (args.scope === undefined && args.project_hint === undefined && args.memory_id) {
    const memory = await loadMemory(tx, args.memory_id);
    if (!memory) throw fail.notFound('No such memory', { id: args.memory_id });
    if (!(await canWriteScope(tx, memory.row.scopeId))) throw fail.forbidden('You cannot write in the scope of that memory');
    return memory.row.scopeId;
  }
  const [, target] = await sessionAndTarget(tx, actor.userId, args, (project) => resolveWriteTarget(tx, actor.userId, args, project));
  return target.scopeId;
}

/** Mentions are part of the memory, and only its owner changes a memory (rule 4). */
async function mentioningMemory(tx: Tx, actor: Actor, id: string | undefined): Promise<string | null> {
  if (!id) return null;
  const memory = await loadMemory(tx, id);
  if (!memory) throw fail.notFound('No such memory', { id });
  if (memory.row.ownerId !== actor.userId) throw fail.forbidden('Only the owner of a memory records what it mentions', { id });
  return id;
}

export async function linkEntities(deps: MemoryDeps, actor: Actor, args: Args): Promise<Output> {
  await assertNoSecrets({
    'relations[].from.name': args.relations.map((r) => r.from.name),
    'relations[].to.name': args.relations.map((r) => r.to.name),
  });
  return deps.database.asUser(actor, async (tx) => {
    const scopeId = await graphScope(tx, actor, args);
    const memoryId = await mentioningMemory(tx, actor, args.memory_id);
    const out: NonNullable<Output['entity_relations']> = [];
    // Every name of the call at once, in one order: locking them one by one as the relations are
    // read would deadlock against a call naming the same entities the other way round.
    await lockEntityNames(tx, scopeId, args.relations.flatMap((r) => [r.from.name, r.to.name]));
    for (const [index, r] of args.relations.entries()) {
      const from = await findOrCreateEntity(tx, scopeId, actor.userId, r.from);
      const to = await findOrCreateEntity(tx, scopeId, actor.userId, r.to);
      if (from.id === to.id) {
        throw fail.validation(`relations[${index}]: an entity cannot be related to itself`, { index, name: from.name });
      }
      const { id, created } = await relateEntities(tx, actor.userId, from, r.relation, to);
      out.push({ id, from, relation: r.relation, to, created });
      if (memoryId) {
        await tx
          .insert(memoryEntities)
          .values([from, to].map((e) => ({ memoryId, entityId: e.id })))
          .onConflictDoNothing();
      }
    }
    return { action: 'entities', entity_relations: out };
  });
}
