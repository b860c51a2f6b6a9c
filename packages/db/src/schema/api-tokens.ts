// Opaque bearer tokens of a user; only the SHA-256 hash of the token is ever stored.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { users } from './users';

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the plaintext `svc_...` token. */
    tokenHash: text('token_hash').notNull().unique('api_tokens_token_hash_key'),
    name: text('name'),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);
