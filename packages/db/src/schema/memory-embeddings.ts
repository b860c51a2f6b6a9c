// One embedding per memory and model; HNSW indexes are made per model at run time.
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, vector } from './columns';
import { memories } from './memories';

export const memoryEmbeddings = pgTable(
  'memory_embeddings',
  {
    memoryId: uuid('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    embedding: vector('embedding').notNull(),
    createdAt: createdAt(),
    // Copies of the memory's owner and scope, kept by triggers (migration 0024), so the read policy
    // compares columns as the memories policy does instead of looking the memory up for every row.
    ownerId: uuid('owner_id'),
    scopeId: uuid('scope_id'),
  },
  (t) => [
    primaryKey({ columns: [t.memoryId, t.model], name: 'memory_embeddings_pkey' }),
    // A small collection's exact vector search reads its scopes' vectors straight from here instead
    // of looking each memory's vector up by key (nearestCtes in @svc/core's sql/vector.ts).
    index('memory_embeddings_scope_model_idx').on(t.scopeId, t.model),
  ],
);
