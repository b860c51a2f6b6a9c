// Live relations of cards as each card reads them: stored once, shown from the other side by the inverse.
import {
  CARD_RELATION_INVERSES,
  formatCardLabel,
  type CardRelation,
  type CardView,
} from '@svc/contract';
import { cardRelations, cards, type Tx } from '@svc/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

export type RelationView = CardView['relations'][number];

const other = alias(cards, 'other');

function fields(owner: typeof cardRelations.fromCardId | typeof cardRelations.toCardId) {
  return {
    owner,
    otherId: other.id,
    otherNumber: other.number,
    relation: cardRelations.relation,
    reason: cardRelations.reason,
    declared: cardRelations.declared,
    createdAt: cardRelations.createdAt,
  };
}

/** Keyed by card id, oldest first; a card with none maps to an empty list. */
export async function liveRelations(
  tx: Tx,
  cardIds: readonly string[],
): Promise<Map<string, RelationView[]>> {
  const byCard = new Map<string, RelationView[]>(cardIds.map((id) => [id, []]));
  if (cardIds.length === 0) return byCard;
  const ids = [...cardIds];
  const live = isNull(cardRelations.retiredAt);
  // Both directions in one statement: each statement of a card call is a hop between the serving
  // and the database thread, and under load every hop waits for a core.
  const outgoing = sql<boolean>`true`.as('outgoing');
  const incoming = sql<boolean>`false`.as('outgoing');
  const found = await tx
    .select({ ...fields(cardRelations.fromCardId), outgoing })
    .from(cardRelations)
    .innerJoin(other, eq(other.id, cardRelations.toCardId))
    .where(and(inArray(cardRelations.fromCardId, ids), live))
    .unionAll(
      tx
        .select({ ...fields(cardRelations.toCardId), outgoing: incoming })
        .from(cardRelations)
        .innerJoin(other, eq(other.id, cardRelations.fromCardId))
        .where(and(inArray(cardRelations.toCardId, ids), live)),
    );
  const rows = found
    .map((r) => ({
      ...r,
      relation: r.outgoing ? (r.relation as CardRelation) : CARD_RELATION_INVERSES[r.relation as CardRelation],
    }))
    // Outgoing before incoming at the same instant, as when they were two statements.
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || Number(b.outgoing) - Number(a.outgoing));
  for (const r of rows) {
    byCard.get(r.owner)?.push({
      card_id: r.otherId,
      card_label: formatCardLabel(r.otherNumber),
      relation: r.relation,
      reason: r.reason,
      declared: r.declared,
    });
  }
  return byCard;
}

/** Whether the card's relations count as assessed: a statement once, or any declared relation. */
export function relationsAssessed(
  row: { relationsAssessed: boolean },
  relations: readonly RelationView[],
): boolean {
  return row.relationsAssessed || relations.some((r) => r.declared);
}
