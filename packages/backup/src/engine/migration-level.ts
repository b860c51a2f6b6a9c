// The schema level of a database: the last drizzle migration applied to it.
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '@svc/db';
import { fail } from '@svc/errors';
import type { MigrationLevel } from '../manifest';

export async function migrationLevel(db: Executor): Promise<MigrationLevel> {
  const result = await db.execute(
    sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`,
  );
  const row = rowsOf<{ id: number | string; hash: string; created_at: number | string }>(result)[0];
  if (!row) throw fail.conflict('The database has no migrations applied: nothing to back up or restore into');
  // node-postgres hands bigint back as a string, PGlite as a number.
  return { id: Number(row.id), hash: row.hash, createdAt: Number(row.created_at) };
}

export async function postgresVersion(db: Executor): Promise<string> {
  const result = await db.execute(sql`select current_setting('server_version') as version`);
  return rowsOf<{ version: string }>(result)[0]?.version ?? 'unknown';
}
