// Attachments of a card: a memory, another card or a URL, until detached.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { createdAt, id, timestamptz } from './columns';
import { cardRefKind } from './enums';
import { users } from './users';

export const cardRefs = pgTable(
  'card_refs',
  {
    id: id(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    refKind: cardRefKind('ref_kind').notNull(),
    /** A memory id, a card id or a URL, by ref_kind. */
    ref: text('ref').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    detachedAt: timestamptz('detached_at'),
  },
  (t) => [
    index('card_refs_card_idx').on(t.cardId),
    index('card_refs_ref_idx').on(t.refKind, t.ref),
    // One live attachment of a ref per card, so two agents attaching it at once make one.
    uniqueIndex('card_refs_live_key')
      .on(t.cardId, t.refKind, t.ref)
      .where(sql`${t.detachedAt} is null`),
  ],
);
