// People who own memories; the email is unique regardless of letter case.
import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    displayName: text('display_name'),
    /** argon2id hash; never granted to the signed-in role (see the RLS migration). */
    passwordHash: text('password_hash'),
    /** Set once a verified second factor exists; from then on sessions need aal2 to see data. */
    mfaEnrolledAt: timestamptz('mfa_enrolled_at'),
    createdAt: createdAt(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);
