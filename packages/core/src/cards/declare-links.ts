// Declares a card's `links` (items naming cards by id or label) and marks its relations as stated.
import type { LinkItem } from '@svc/contract';
import { cards, type Tx } from '@svc/db';
import { fail } from '@svc/errors';
import { eq, sql } from 'drizzle-orm';
import { resolveCardRef, type FoundCard } from './find-card';
import { declareRelation } from './relation-writes';

/**
 * Labels in links are read on the card's own board, the board "in question". Every target is
 * resolved before anything is written, so one unknown label leaves the card as it was.
 */
export async function declareLinks(
  tx: Tx,
  userId: string,
  card: FoundCard,
  links: readonly LinkItem[],
): Promise<boolean> {
  const targets: FoundCard[] = [];
  for (const link of links) {
    const target = await resolveCardRef(tx, link.card, card.board);
    if (target.row.id === card.row.id) {
      throw fail.validation(`${card.label} cannot relate to itself`, { card: link.card });
    }
    targets.push(target);
  }
  let changed = false;
  for (const [index, link] of links.entries()) {
    const to = targets[index]!.row.id;
    changed =
      (await declareRelation(tx, userId, {
        from: card.row.id,
        to,
        relation: link.relation,
        reason: link.reason,
      })) || changed;
  }
  if (!card.row.relationsAssessed) {
    await tx
      .update(cards)
      .set({ relationsAssessed: true, updatedAt: sql`now()` })
      .where(eq(cards.id, card.row.id));
    changed = true;
  } else if (changed) {
    await touchCard(tx, card.row.id);
  }
  return changed;
}

/** Relations, branches and refs live in other tables; the card's updated_at still tells of the change. */
export async function touchCard(tx: Tx, cardId: string): Promise<void> {
  await tx
    .update(cards)
    .set({ updatedAt: sql`now()` })
    .where(eq(cards.id, cardId));
}
