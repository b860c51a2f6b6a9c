// Transcript chunks shipped by the watcher through ingest_conversation.
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { projects } from './projects';
import { users } from './users';

export const transcriptChunks = pgTable(
  'transcript_chunks',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** The watcher's per-cycle run id, linking all chunks of one pass. */
    runId: text('run_id'),
    sessionKey: text('session_key').notNull(),
    sequence: integer('sequence').notNull(),
    content: text('content').notNull(),
    recalledIds: uuid('recalled_ids').array().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    // A resent chunk is recognised instead of stored twice.
    uniqueIndex('transcript_chunks_session_seq_key').on(t.ownerId, t.sessionKey, t.sequence),
    index('transcript_chunks_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
  ],
);
