// Scopes: where a memory lives; one personal scope per user and one scope per project.
import { sql } from 'drizzle-orm';
import { check, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { scopeKind } from './enums';
import { projects } from './projects';
import { users } from './users';

export const scopes = pgTable(
  'scopes',
  {
    id: id(),
    kind: scopeKind('kind').notNull(),
    /** Set for a personal scope only. */
    userId: uuid('user_id')
      .unique('scopes_user_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set for a project scope only. */
    projectId: uuid('project_id')
      .unique('scopes_project_key')
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'scopes_kind_target_check',
      sql`(${t.kind} = 'personal' and ${t.userId} is not null and ${t.projectId} is null)
        or (${t.kind} = 'project' and ${t.projectId} is not null and ${t.userId} is null)`,
    ),
  ],
);
