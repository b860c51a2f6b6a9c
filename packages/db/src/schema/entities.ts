// Named things (people, services, repositories...) mentioned by memories, kept per scope.
import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { scopes } from './scopes';
import { users } from './users';

export const entities = pgTable(
  'entities',
  {
    id: id(),
    scopeId: uuid('scope_id')
      .notNull()
      .references(() => scopes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('entities_scope_name_type_key').on(t.scopeId, sql`lower(${t.name})`, t.type),
  ],
);
