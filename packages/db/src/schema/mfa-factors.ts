// Second factors (TOTP) and their single-use recovery codes.
import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { users } from './users';

export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('totp'),
    /**
     * Base32 TOTP secret. It cannot be hashed (verification needs it), so the table is service-only:
     * no grant to the signed-in role.
     */
    secret: text('secret').notNull(),
    /** Null while enrolment waits for the first code; a factor counts only once verified. */
    verifiedAt: timestamptz('verified_at'),
    /** Last accepted 30-second step, so a code is accepted once (replay refused). */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_factors_user_idx').on(t.userId)],
);

export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the normalised code; codes are long random strings, so a fast hash suffices. */
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);
