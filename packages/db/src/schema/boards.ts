// Boards: one per project scope, holding the counter that numbers its cards without gaps.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { projects } from './projects';
import { scopes } from './scopes';

export const boards = pgTable(
  'boards',
  {
    id: id(),
    /** Access follows the scope, like memories; a personal board is possible but not created by default. */
    scopeId: uuid('scope_id')
      .notNull()
      .unique('boards_scope_key')
      .references(() => scopes.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .unique('boards_project_key')
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The number the next card gets; bumped under the row lock by allocateCardNumber. */
    nextCardNumber: integer('next_card_number').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [check('boards_next_card_number_check', sql`${t.nextCardNumber} >= 1`)],
);
