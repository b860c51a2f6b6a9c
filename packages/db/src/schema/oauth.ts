// The authorization server's storage: oidc-provider's models, consent requests, standing consents and keys.
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

/** Every oidc-provider model (Client, Grant, Session, AccessToken, RefreshToken, Interaction, …) by name and id. */
export const oauthStore = pgTable(
  'oauth_store',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamptz('expires_at'),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    primaryKey({ name: 'oauth_store_pkey', columns: [t.model, t.id] }),
    index('oauth_store_grant_idx').on(t.grantId),
    index('oauth_store_uid_idx').on(t.uid),
    index('oauth_store_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The consent state of one authorization request (the oidc-provider interaction `uid`):
 * pending → deciding (one decision holds it) → answered. The first signed-in reader owns it.
 */
export const oauthAuthorizations = pgTable(
  'oauth_authorizations',
  {
    uid: text('uid').primaryKey(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    scope: text('scope').notNull().default(''),
    resource: text('resource'),
    state: text('state').notNull().default('pending'),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    answeredAt: timestamptz('answered_at'),
  },
  (t) => [
    check('oauth_authorizations_state_check', sql`${t.state} in ('pending', 'deciding', 'answered')`),
    check('oauth_authorizations_decision_check', sql`${t.decision} is null or ${t.decision} in ('allow', 'deny')`),
  ],
);

/** A person's standing approval of a client for one return address: what a screenless repeat relies on. */
export const oauthConsents = pgTable(
  'oauth_consents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    scope: text('scope').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [primaryKey({ name: 'oauth_consents_pkey', columns: [t.userId, t.clientId, t.redirectUri] })],
);

/** Long-lived secrets the service generates once and keeps across restarts (signing keys, cookie keys). */
export const serviceKeys = pgTable('service_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  createdAt: createdAt(),
});
