// Security-relevant actions, each tied to the request that caused it; written by the service only.
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    createdAt: createdAt(),
    /** Kept after the account is gone, so the trail outlives the user. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('audit_log_request_idx').on(t.requestId),
  ],
);
