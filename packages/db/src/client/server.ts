// The server driver: node-postgres against PostgreSQL with pgvector.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../schema';
import { appendQueryLines } from './append-lines';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { shareRateLimitStore } from './rate-limit-store';
import { roleMethods } from './roles';
import type { Database, DriverHandle } from './types';

/** Any constant works; it only has to be the same for every instance of the service. */
const MIGRATION_LOCK_KEY = 7_263_514_001;

export interface ServerOptions {
  url: string;
  /** Pool size; 1 for a single-connection backend such as pglite-socket. */
  poolMax?: number;
}

export async function openServer({ url, poolMax = 10 }: ServerOptions): Promise<DriverHandle> {
  // A bounded connect timeout so /readyz answers 503 instead of hanging when the database is gone.
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 5_000 });
  // An idle client's network error would otherwise crash the process; the next query reports it.
  pool.on('error', () => undefined);
  // pg-pool listens for errors only on idle clients: a connection dropped while a transaction holds
  // its client emits an 'error' nobody hears, and that would crash the process. The failing query
  // already rejects with the same error, and pg-pool discards the broken client on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle({ client: pool, schema });
  const database: Database = {
    kind: 'server',
    keepsPlans: false,
    db,
    ...roleMethods(db),
    appendLines: (text, path) => appendQueryLines(db, text, path),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
  shareRateLimitStore(database, pool);
  return {
    database,
    async migrate() {
      // Several instances may start together: the advisory lock lets one migrate at a time, and
      // the others then find nothing left to apply. It is held by one connection, so migrate there.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
  };
}
