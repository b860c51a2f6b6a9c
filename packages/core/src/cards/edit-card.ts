// edit: replace a card's title, body or type; the deliberate way to correct a type, unlike move.
import type { CardType } from '@svc/contract';
import { cards, type Tx } from '@svc/db';
import { eq } from 'drizzle-orm';
import type { FoundCard } from './find-card';

export interface CardEdit {
  title?: string;
  body?: string;
  type?: CardType;
}

export async function editCard(tx: Tx, card: FoundCard, edit: CardEdit): Promise<boolean> {
  const next = {
    ...(edit.title !== undefined && edit.title !== card.row.title && { title: edit.title }),
    ...(edit.body !== undefined && edit.body !== card.row.body && { body: edit.body }),
    ...(edit.type !== undefined && edit.type !== card.row.type && { type: edit.type }),
  };
  if (Object.keys(next).length === 0) return false;
  await tx.update(cards).set(next).where(eq(cards.id, card.row.id));
  return true;
}
