// A pg-boss instance over the service's own database: PGlite through pg-boss's adapter, PostgreSQL through our pool.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { PgBoss, fromPglite, type Clock, type ConstructorOptions, type Db } from 'pg-boss';
import { inBackgroundLane, type Database } from '@svc/db';

export interface BossTuning {
  /** How often an idle worker looks for work. */
  pollSeconds: number;
  /** How often expired and stalled jobs are failed (and so retried) — the crash recovery beat. */
  superviseSeconds: number;
  /** How often the cron pass looks for due schedules. */
  cronSeconds: number;
}

export const DEFAULT_TUNING: BossTuning = { pollSeconds: 2, superviseSeconds: 60, cronSeconds: 30 };

/** The driver under drizzle: `$client` is drizzle's own handle on it, the one connection (or pool) we already hold. */
function driverOf(database: Database): unknown {
  return (database.db as unknown as { $client: unknown }).$client;
}

/**
 * pg-boss shares the database's connection instead of opening its own: on PGlite there is only one,
 * owned by the serving process; on PostgreSQL the pool is already sized for this instance.
 */
function bossDb(database: Database): { db: Db; backend: 'pglite' | 'postgres' } {
  const driver = driverOf(database);
  if (database.kind === 'embedded') return { db: inBackground(fromPglite(driver as PGlite)), backend: 'pglite' };
  return { db: poolDb(driver as pg.Pool), backend: 'postgres' };
}

/**
 * pg-boss polls every queue every few seconds and keeps its books in multi-statement blocks: on the
 * embedded database's one connection that work took the interactive lane (no caller set one) and a
 * card create waited behind it. Statements pg-boss issues by itself now queue in the bulk lane; one
 * a tool call awaits (enqueuing a job) keeps the call's lane.
 */
function inBackground(db: Db): Db {
  const executeSql = db.executeSql.bind(db);
  return Object.assign(db, { executeSql: (text: string, values?: unknown[]) => inBackgroundLane(() => executeSql(text, values)) });
}

/**
 * pg-boss on our pool. Session statements (pg-boss's TestClock sets one) are run once on each
 * connection before its first pg-boss statement, which is what pg-boss asks of an adapter.
 */
function poolDb(pool: pg.Pool): Db {
  let statements: string[] = [];
  const prepared = new WeakMap<pg.PoolClient, string[]>();
  return {
    async executeSql(text, values) {
      if (statements.length === 0) return pool.query(text, values);
      const client = await pool.connect();
      try {
        if (prepared.get(client) !== statements) {
          for (const statement of statements) await client.query(statement);
          prepared.set(client, statements);
        }
        return await client.query(text, values);
      } finally {
        client.release();
      }
    },
    async setSessionStatements(next: string[]) {
      statements = next;
    },
  };
}

export function createBoss(
  database: Database,
  opts: { worker: boolean; tuning: BossTuning; clock?: Clock },
): PgBoss {
  const { db, backend } = bossDb(database);
  const options: ConstructorOptions = {
    db,
    backend,
    // Only a worker runs the cron pass and the supervisor; a server that only enqueues does neither.
    schedule: opts.worker,
    supervise: opts.worker,
    superviseIntervalSeconds: opts.tuning.superviseSeconds,
    monitorIntervalSeconds: opts.tuning.superviseSeconds,
    cronWorkerIntervalSeconds: opts.tuning.cronSeconds,
    migrate: true,
    // PGlite delivers NOTIFY in-process, so a sent run starts at once instead of at the next poll.
    useListenNotify: backend === 'pglite',
    // Tests drive the schedule with pg-boss's TestClock; production reads the system clock.
    ...(opts.clock ? { clock: opts.clock } : {}),
  };
  return new PgBoss(options);
}
