// Contradictions and duplicates found between two memories, owned by the user they were found for.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';
import { conflictKind, conflictStatus } from './enums';
import { memories } from './memories';
import { users } from './users';

export const conflicts = pgTable(
  'conflicts',
  {
    id: id(),
    /** list_conflicts and resolve_conflicts count only the caller's own conflicts. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memoryAId: uuid('memory_a_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    memoryBId: uuid('memory_b_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    kind: conflictKind('kind').notNull(),
    status: conflictStatus('status').notNull().default('open'),
    resolution: text('resolution'),
    /** What the two memories disagree on, as the language model that confirmed the conflict put it; null from word checks. */
    explanation: text('explanation'),
    detectedAt: timestamptz('detected_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('conflicts_owner_status_idx').on(t.ownerId, t.status, t.detectedAt.desc()),
    index('conflicts_memory_b_idx').on(t.memoryBId),
    // The hygiene job may find the same pair again; one open conflict per pair is enough.
    uniqueIndex('conflicts_open_pair_key')
      .on(t.ownerId, t.memoryAId, t.memoryBId, t.kind)
      .where(sql`${t.status} = 'open'`),
    check('conflicts_distinct_check', sql`${t.memoryAId} <> ${t.memoryBId}`),
  ],
);
