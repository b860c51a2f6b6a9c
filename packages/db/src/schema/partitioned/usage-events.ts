// The usage ledger, one row per tool call. Declared here for queries only: drizzle-kit cannot
// express PARTITION BY, so its DDL lives in the custom migration `usage_events` (and this file
// stays outside the schema drizzle-kit generates from).
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns';

export const usageEvents = pgTable(
  'usage_events',
  {
    id: uuid('id').notNull().defaultRandom(),
    /** The partition key, hence part of the primary key. */
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** No foreign key: the ledger is append-heavy and outlives accounts. */
    userId: uuid('user_id'),
    tool: text('tool').notNull(),
    /** `ok` or one of the seven error codes. */
    outcome: text('outcome').notNull(),
    durationMs: integer('duration_ms'),
    requestId: text('request_id'),
    /** Language-model calls only (`tool` = `llm.<purpose>`): what the endpoint reported spending. */
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt], name: 'usage_events_pkey' }),
    index('usage_events_user_created_idx').on(t.userId, t.createdAt),
  ],
);
