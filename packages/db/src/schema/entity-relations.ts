// Directed relations between two entities of the graph (from, to, relation).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { entities } from './entities';
import { users } from './users';

export const entityRelations = pgTable(
  'entity_relations',
  {
    id: id(),
    fromEntityId: uuid('from_entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    toEntityId: uuid('to_entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    relation: text('relation').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('entity_relations_key').on(t.fromEntityId, t.toEntityId, t.relation),
    index('entity_relations_to_idx').on(t.toEntityId),
    check('entity_relations_not_self_check', sql`${t.fromEntityId} <> ${t.toEntityId}`),
  ],
);
