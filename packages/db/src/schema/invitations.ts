// Invitations to make an account: a link shown once to the owner who made it, kept only as a hash.
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, timestamptz } from './columns';
import { users } from './users';

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    /** Hex SHA-256 of the plaintext `svi_...` code carried in the link. */
    tokenHash: text('token_hash').notNull().unique('invitations_token_hash_key'),
    /** When set, only this address may accept (compared without letter case). */
    email: text('email'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Set once, by the sign-up that spent it; an invitation makes one account. */
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    index('invitations_created_by_idx').on(t.createdBy),
    check('invitations_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
