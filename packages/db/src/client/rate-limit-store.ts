// Where the counters every instance shares live (server mode): the driver's pool and migration 0015's table.
import type pg from 'pg';
import type { Database } from './types';

/** A statement as rate-limiter-flexible's PostgreSQL store sends it (it also names it, which is dropped). */
export interface CounterQuery {
  text: string;
  values?: unknown[];
  name?: string;
}

export interface RateLimitStore {
  /** Runs one statement on the server driver's own pool: counting takes no connections of its own. */
  client: { query(q: CounterQuery): Promise<pg.QueryResult> };
  /** Created by a migration, never by the rate limiter at run time. */
  tableName: string;
}

const stores = new WeakMap<Database, RateLimitStore>();

/** Called by the server driver only: an embedded database is one process, so it counts in memory. */
export function shareRateLimitStore(database: Database, pool: pg.Pool): void {
  stores.set(database, {
    // Unnamed statements: behind pglite-socket every connection is one session, where a statement
    // name prepared by one instance collides with the next one's (and aborts its open transaction).
    client: { query: ({ text, values }) => pool.query(text, values) },
    tableName: 'rate_limits',
  });
}

/** The shared store of a server-mode database, or null for the embedded one. */
export function rateLimitStore(database: Database): RateLimitStore | null {
  return stores.get(database) ?? null;
}
