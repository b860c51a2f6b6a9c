// Database backups with their retention deadline (daily 30 days, monthly one year).
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { backupKind, backupStatus } from './enums';

export const backups = pgTable(
  'backups',
  {
    id: id(),
    kind: backupKind('kind').notNull(),
    status: backupStatus('status').notNull().default('running'),
    location: text('location'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    expiresAt: timestamptz('expires_at'),
    error: text('error'),
  },
  (t) => [
    index('backups_kind_started_idx').on(t.kind, t.startedAt.desc()),
    index('backups_expires_idx').on(t.expiresAt),
  ],
);
