// Writes one relation between two cards, keeping at most one live relation per pair of cards.
// Rows are stamped with clock_timestamp(), not the transaction's now(), so links of one call keep their order.
import { CARD_RELATION_INVERSES, type CardRelation } from '@svc/contract';
import { cardRelations, type Tx } from '@svc/db';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';

type RelationRow = typeof cardRelations.$inferSelect;

function pair(a: string, b: string) {
  return or(
    and(eq(cardRelations.fromCardId, a), eq(cardRelations.toCardId, b)),
    and(eq(cardRelations.fromCardId, b), eq(cardRelations.toCardId, a)),
  );
}

async function livePair(tx: Tx, a: string, b: string): Promise<RelationRow[]> {
  return tx
    .select()
    .from(cardRelations)
    .where(and(pair(a, b), isNull(cardRelations.retiredAt)));
}

async function retire(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length)
    await tx
      .update(cardRelations)
      .set({ retiredAt: sql`now()` })
      .where(inArray(cardRelations.id, ids));
}

/** True when `row` already says "from <relation> to", from either side, with the same reason. */
function says(row: RelationRow, from: string, relation: CardRelation, reason: string): boolean {
  if (!row.declared || row.reason !== reason) return false;
  if (row.fromCardId === from) return row.relation === relation;
  return row.relation === CARD_RELATION_INVERSES[relation];
}

/**
 * A declared relation replaces whatever the pair held before (an undeclared relates_to, or an
 * earlier declaration): the latest statement about two cards wins. Repeating it changes nothing.
 */
export async function declareRelation(
  tx: Tx,
  userId: string,
  link: { from: string; to: string; relation: CardRelation; reason: string },
): Promise<boolean> {
  const live = await livePair(tx, link.from, link.to);
  if (live.length === 1 && says(live[0]!, link.from, link.relation, link.reason)) return false;
  await retire(
    tx,
    live.map((r) => r.id),
  );
  await tx.insert(cardRelations).values({
    fromCardId: link.from,
    toCardId: link.to,
    relation: link.relation,
    reason: link.reason,
    declared: true,
    createdBy: userId,
    createdAt: sql`clock_timestamp()`,
  });
  return true;
}

/** Attaching a card records an undeclared relates_to, unless the pair is already related. */
export async function recordUndeclared(
  tx: Tx,
  userId: string,
  from: string,
  to: string,
): Promise<boolean> {
  if ((await livePair(tx, from, to)).length > 0) return false;
  await tx.insert(cardRelations).values({
    fromCardId: from,
    toCardId: to,
    relation: 'relates_to',
    declared: false,
    createdBy: userId,
    createdAt: sql`clock_timestamp()`,
  });
  return true;
}

/** Detaching retires only the undeclared relation; a declared one is a statement and stays. */
export async function retireUndeclared(tx: Tx, a: string, b: string): Promise<boolean> {
  const undeclared = (await livePair(tx, a, b)).filter((r) => !r.declared);
  await retire(
    tx,
    undeclared.map((r) => r.id),
  );
  return undeclared.length > 0;
}
