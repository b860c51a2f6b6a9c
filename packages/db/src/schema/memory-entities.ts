// Mentions: which entities a memory talks about.
import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { entities } from './entities';
import { memories } from './memories';

export const memoryEntities = pgTable(
  'memory_entities',
  {
    memoryId: uuid('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memoryId, t.entityId], name: 'memory_entities_pkey' }),
    index('memory_entities_entity_idx').on(t.entityId),
  ],
);
