// A pg-boss instance over the service's own database: PGlite through pg-boss's adapter, PostgreSQL through our pool.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { PgBoss, fromPglite, type ConstructorOptions, type Db } from 'pg-boss';
import type { Database } from '@svc/db';

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
  if (database.kind === 'embedded') return { db: fromPglite(driver as PGlite), backend: 'pglite' };
  const pool = driver as pg.Pool;
  return { db: { executeSql: (text, values) => pool.query(text, values) }, backend: 'postgres' };
}

export function createBoss(database: Database, opts: { worker: boolean; tuning: BossTuning }): PgBoss {
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
  };
  return new PgBoss(options);
}
