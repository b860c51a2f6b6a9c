// Standing rules promoted from memories and delivered to clients when a session starts.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { ruleStatus } from './enums';
import { memories } from './memories';
import { scopes } from './scopes';
import { users } from './users';

export const promotedRules = pgTable(
  'promoted_rules',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopeId: uuid('scope_id')
      .notNull()
      .references(() => scopes.id, { onDelete: 'cascade' }),
    /** The curated text; carried verbatim to a successor memory. */
    ruleText: text('rule_text').notNull(),
    sourceMemoryId: uuid('source_memory_id').references(() => memories.id, {
      onDelete: 'set null',
    }),
    status: ruleStatus('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('promoted_rules_owner_status_idx').on(t.ownerId, t.status),
    index('promoted_rules_scope_idx').on(t.scopeId),
    index('promoted_rules_source_idx').on(t.sourceMemoryId),
  ],
);
