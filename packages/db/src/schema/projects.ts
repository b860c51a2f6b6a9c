// Projects: the shared workspaces a project_hint resolves to by name, alias, initials, path or remote.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * `remote:<host/owner/repo>` or `path:<dir>` for a project set up at first sight of that location;
     * null for one made by name. Unique per creator, so concurrent first sights make one project.
     */
    locationKey: text('location_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('projects_creator_location_key')
      .on(t.createdBy, t.locationKey)
      .where(sql`${t.locationKey} is not null`),
    // project_hint resolution looks values up inside these arrays.
    index('projects_aliases_idx').using('gin', t.aliases),
    index('projects_git_remotes_idx').using('gin', t.gitRemotes),
    index('projects_repo_paths_idx').using('gin', t.repoPaths),
  ],
);
