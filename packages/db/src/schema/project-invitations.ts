// Invitations into a project for a person without an account yet: a link shown once, kept only as a hash.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { projectRole } from './enums';
import { projects } from './projects';
import { users } from './users';

export const projectInvitations = pgTable(
  'project_invitations',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Lower-cased; only the account with this address may accept. */
    email: text('email').notNull(),
    role: projectRole('role').notNull(),
    /** Hex SHA-256 of the plaintext `svp_...` code carried in the link. */
    tokenHash: text('token_hash').notNull().unique('project_invitations_token_hash_key'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    index('project_invitations_project_idx').on(t.projectId),
    check('project_invitations_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
    check('project_invitations_email_check', sql`${t.email} = lower(${t.email})`),
  ],
);
