// Task cards on a board, labelled SVC-N by their per-board number.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { boards } from './boards';
import { createdAt, id, updatedAt } from './columns';
import { cardState, cardType } from './enums';
import { memories } from './memories';
import { users } from './users';

export const cards = pgTable(
  'cards',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** Null only for a card that never declared its type; moving it into `active` is refused. */
    type: cardType('type'),
    state: cardState('state').notNull().default('backlog'),
    /** True once the card stated its relations (links or no_links); never asked again. */
    relationsAssessed: boolean('relations_assessed').notNull().default(false),
    noLinksReason: text('no_links_reason'),
    /** Why the card works without a branch, as stated with `no_branch`. */
    noBranchReason: text('no_branch_reason'),
    /** The open loop a promote_loop turned into this card. */
    sourceMemoryId: uuid('source_memory_id').references(() => memories.id, {
      onDelete: 'set null',
    }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cards_board_number_key').on(t.boardId, t.number),
    index('cards_board_state_idx').on(t.boardId, t.state),
    check('cards_number_check', sql`${t.number} >= 1`),
  ],
);
