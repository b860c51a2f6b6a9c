// Sign-in sessions: a person's dashboard session, or the session the authorization server opens for an agent.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, emptyTextArray, id, timestamptz } from './columns';
import { users } from './users';

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `dashboard`: a person in a browser; `agent`: opened on consent, complete without a code, refused by the dashboard. */
    kind: text('kind').notNull(),
    /** Hex SHA-256 of the dashboard session token; agent sessions have none (their tokens are OAuth tokens). */
    tokenHash: text('token_hash').unique('auth_sessions_token_hash_key'),
    /** `aal1` after a password or an external provider; `aal2` once the second factor was given. */
    aal: text('aal').notNull().default('aal1'),
    /** How the person proved who they are, in order: password, oidc, totp, recovery_code, consent. */
    amr: text('amr').array().notNull().default(emptyTextArray),
    /** Agent sessions: the OAuth client and the grant whose tokens act through this session. */
    clientId: text('client_id'),
    grantId: text('grant_id'),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    check('auth_sessions_kind_check', sql`${t.kind} in ('dashboard', 'agent')`),
    check('auth_sessions_aal_check', sql`${t.aal} in ('aal1', 'aal2')`),
    index('auth_sessions_user_idx').on(t.userId),
    index('auth_sessions_grant_idx').on(t.grantId),
  ],
);
