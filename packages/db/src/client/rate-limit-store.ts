// Where the counters every instance shares live (server mode): the driver's pool and migration 0015's table.
import type pg from 'pg';
import type { Database } from './types';

export interface RateLimitStore {
  /** The server driver's own pool: counting takes no connections of its own. */
  pool: pg.Pool;
  /** Created by a migration, never by the rate limiter at run time. */
  tableName: string;
}

const pools = new WeakMap<Database, pg.Pool>();

/** Called by the server driver only: an embedded database is one process, so it counts in memory. */
export function shareRateLimitStore(database: Database, pool: pg.Pool): void {
  pools.set(database, pool);
}

/** The shared store of a server-mode database, or null for the embedded one. */
export function rateLimitStore(database: Database): RateLimitStore | null {
  const pool = pools.get(database);
  return pool === undefined ? null : { pool, tableName: 'rate_limits' };
}
