// The append-only notes log of a card.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { createdAt, id } from './columns';
import { users } from './users';

export const cardLog = pgTable(
  'card_log',
  {
    id: id(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('card_log_card_created_idx').on(t.cardId, t.createdAt)],
);
