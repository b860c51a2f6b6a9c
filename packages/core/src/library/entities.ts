// Entities of the knowledge graph, found by name in a scope or created on first mention.
import { and, asc, eq, sql } from 'drizzle-orm';
import { entities, entityRelations, type Tx } from '@svc/db';

export interface EntityRef {
  id: string;
  name: string;
  /** null when no one has said what kind of thing it is. */
  type: string | null;
}

/** The type column is required; an entity named without a type is stored with an empty one. */
const UNTYPED = '';

const toRef = (e: { id: string; name: string; type: string }): EntityRef => ({ id: e.id, name: e.name, type: e.type === UNTYPED ? null : e.type });

function byName(tx: Tx, scopeId: string, name: string, type?: string) {
  return tx
    .select({ id: entities.id, name: entities.name, type: entities.type })
    .from(entities)
    .where(and(eq(entities.scopeId, scopeId), sql`lower(${entities.name}) = lower(${name})`, type === undefined ? undefined : eq(entities.type, type)))
    .orderBy(asc(entities.createdAt))
    .limit(1);
}

/**
 * Holds, until the transaction ends, the right to find or create entities of these names in the
 * scope. The unique index is per type, so it cannot stop a typed and an untyped first mention of
 * one name from making two entities at once; this lock serialises them, on either database. Taken
 * in one order (sorted), so two writers naming the same entities never wait on each other in a
 * cycle; taking a lock this transaction already holds again does not wait.
 */
export async function lockEntityNames(tx: Tx, scopeId: string, names: readonly string[]): Promise<void> {
  const keys = [...new Set(names.map((name) => `${scopeId}:${name.toLowerCase()}`))].sort();
  for (const key of keys) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('svc.entities'), hashtext(${key}))`);
  }
}

/**
 * Names match case-insensitively. Without a type, any entity of that name is the one meant; with a
 * type, an untyped entity of that name is given the type rather than doubled.
 */
export async function findOrCreateEntity(tx: Tx, scopeId: string, userId: string, wanted: { name: string; type?: string }): Promise<EntityRef> {
  await lockEntityNames(tx, scopeId, [wanted.name]);
  const [found] = await byName(tx, scopeId, wanted.name, wanted.type);
  if (found) return toRef(found);
  if (wanted.type !== undefined) {
    const [untyped] = await byName(tx, scopeId, wanted.name, UNTYPED);
    if (untyped) {
      await tx.update(entities).set({ type: wanted.type }).where(eq(entities.id, untyped.id));
      return toRef({ ...untyped, type: wanted.type });
    }
  }
  const type = wanted.type ?? UNTYPED;
  const [created] = await tx
    .insert(entities)
    .values({ scopeId, name: wanted.name, type, createdBy: userId })
    .onConflictDoNothing()
    .returning({ id: entities.id, name: entities.name, type: entities.type });
  // Lost a race with a concurrent link of the same name: the other insert's row is the entity.
  const entity = created ?? (await byName(tx, scopeId, wanted.name, type))[0];
  if (!entity) throw new Error('entity neither inserted nor found');
  return toRef(entity);
}

/** Linking the same relation again changes nothing and reports `created: false`. */
export async function relateEntities(
  tx: Tx,
  userId: string,
  from: EntityRef,
  relation: string,
  to: EntityRef,
): Promise<{ id: string; created: boolean }> {
  const [inserted] = await tx
    .insert(entityRelations)
    .values({ fromEntityId: from.id, toEntityId: to.id, relation, createdBy: userId })
    .onConflictDoNothing()
    .returning({ id: entityRelations.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await tx
    .select({ id: entityRelations.id })
    .from(entityRelations)
    .where(and(eq(entityRelations.fromEntityId, from.id), eq(entityRelations.toEntityId, to.id), eq(entityRelations.relation, relation)))
    .limit(1);
  if (!existing) throw new Error('entity relation neither inserted nor found');
  return { id: existing.id, created: false };
}
