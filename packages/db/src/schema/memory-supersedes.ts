// Supersedes links: a successor memory replaces a predecessor; restore removes the caller's links.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { memories } from './memories';
import { users } from './users';

export const memorySupersedes = pgTable(
  'memory_supersedes',
  {
    successorId: uuid('successor_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    predecessorId: uuid('predecessor_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.successorId, t.predecessorId], name: 'memory_supersedes_pkey' }),
    index('memory_supersedes_predecessor_idx').on(t.predecessorId),
    check('memory_supersedes_not_self_check', sql`${t.successorId} <> ${t.predecessorId}`),
  ],
);
