// MCP session state: the thread token an agent echoes back so its attached project survives reconnects.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { projects } from './projects';
import { users } from './users';

export const mcpSessions = pgTable(
  'mcp_sessions',
  {
    id: id(),
    /** SHA-256 of the thread token: a state selector, not a credential, but still not stored in clear. */
    threadHash: text('thread_hash').notNull().unique('mcp_sessions_thread_hash_key'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    index('mcp_sessions_user_seen_idx').on(t.userId, t.lastSeenAt.desc()),
    // The retention job deletes by age alone, across users (see session-upkeep in jobs-runtime).
    index('mcp_sessions_last_seen_idx').on(t.lastSeenAt),
  ],
);
