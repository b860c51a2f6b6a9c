// Accounts at an external OpenID Connect provider linked to a person, by issuer and subject.
import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { users } from './users';

export const externalIdentities = pgTable(
  'external_identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
    lastSignInAt: timestamptz('last_sign_in_at'),
  },
  (t) => [
    unique('external_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('external_identities_user_idx').on(t.userId),
  ],
);

/** One pending sign-in at the external provider: state, nonce and PKCE verifier, used once. */
export const externalLoginStates = pgTable('external_login_states', {
  /** Hex SHA-256 of the `state` parameter. */
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  /** Dashboard path to return to after sign-in; only relative paths are stored. */
  returnTo: text('return_to'),
  createdAt: createdAt(),
  expiresAt: timestamptz('expires_at').notNull(),
});
