// Projects: the shared workspaces a project_hint resolves to by name, alias, initials, path or remote.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, emptyTextArray, id } from './columns';
import { users } from './users';

export const projects = pgTable(
  'projects',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique('projects_slug_key'),
    aliases: text('aliases').array().notNull().default(emptyTextArray),
    /** e.g. "MS" for "memory service". */
    initials: text('initials'),
    /** Normalised `host/owner/repo`. */
    gitRemotes: text('git_remotes').array().notNull().default(emptyTextArray),
    repoPaths: text('repo_paths').array().notNull().default(emptyTextArray),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // project_hint resolution looks values up inside these arrays.
    index('projects_aliases_idx').using('gin', t.aliases),
    index('projects_git_remotes_idx').using('gin', t.gitRemotes),
    index('projects_repo_paths_idx').using('gin', t.repoPaths),
  ],
);
