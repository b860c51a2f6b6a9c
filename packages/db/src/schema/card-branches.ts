// Git branches a card works on, from opening to landing (or a stated reason it did not land).
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { id, timestamptz } from './columns';
import { users } from './users';

export const cardBranches = pgTable(
  'card_branches',
  {
    id: id(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    repo: text('repo').notNull(),
    name: text('name').notNull(),
    openedAt: timestamptz('opened_at').notNull().defaultNow(),
    landedAt: timestamptz('landed_at'),
    /** The commit a landing was recorded at, when the caller named it. */
    landedCommit: text('landed_commit'),
    notLandedReason: text('not_landed_reason'),
    closedAt: timestamptz('closed_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('card_branches_card_idx').on(t.cardId),
    uniqueIndex('card_branches_open_key')
      .on(t.cardId, t.repo, t.name)
      .where(sql`${t.closedAt} is null`),
  ],
);
