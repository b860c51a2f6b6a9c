// Relations between two cards; an undeclared relates_to comes from attaching a card reference.
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { createdAt, id, timestamptz } from './columns';
import { users } from './users';

export const cardRelations = pgTable(
  'card_relations',
  {
    id: id(),
    fromCardId: uuid('from_card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    toCardId: uuid('to_card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    relation: text('relation').notNull(),
    reason: text('reason'),
    declared: boolean('declared').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    retiredAt: timestamptz('retired_at'),
  },
  (t) => [
    // A declared relation replaces the undeclared one, so only one live relation per pair.
    uniqueIndex('card_relations_live_pair_key')
      .on(t.fromCardId, t.toCardId)
      .where(sql`${t.retiredAt} is null`),
    index('card_relations_to_idx').on(t.toCardId),
    check('card_relations_not_self_check', sql`${t.fromCardId} <> ${t.toCardId}`),
  ],
);
