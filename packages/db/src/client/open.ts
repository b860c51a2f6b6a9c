// Opens the database named by the configuration (embedded data directory or server URL) and migrates it.
import { fail } from '@svc/errors';
import { openEmbedded } from './embedded';
import { openServer } from './server';
import type { Database, DriverHandle } from './types';
import { waitUntilReachable, type WaitOptions } from './wait';

export interface OpenDatabaseOptions {
  /** PGlite data directory (created if missing), or `memory://` for a throwaway database. */
  dataDir?: string;
  /**
   * Embedded: run PGlite in a worker thread of its own (default true), so its work never holds up
   * the calling thread's event loop; false runs it in the calling thread.
   */
  workerThread?: boolean;
  /** PostgreSQL connection URL; the server must have the pgvector extension available. */
  url?: string;
  /** Apply pending migrations before returning. Defaults to true. */
  migrate?: boolean;
  /**
   * Server mode pool size (default 10). Use 1 against pglite-socket: it multiplexes connections
   * onto one PGlite session, so two pooled transactions would interleave.
   */
  poolMax?: number;
  /**
   * Server mode: wait for a server that cannot be reached yet (backing off) before migrating,
   * instead of failing at once. A server that answers with a refusal still fails at once.
   */
  wait?: WaitOptions;
}

const migrators = new WeakMap<Database, () => Promise<void>>();

function openDriver({ dataDir, url, poolMax, workerThread }: OpenDatabaseOptions): Promise<DriverHandle> {
  if (url !== undefined && dataDir === undefined) {
    return openServer(poolMax === undefined ? { url } : { url, poolMax });
  }
  if (dataDir !== undefined && url === undefined) {
    return openEmbedded(dataDir, workerThread === undefined ? {} : { workerThread });
  }
  throw fail.validation('openDatabase needs exactly one of dataDir or url');
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const handle = await openDriver(opts);
  migrators.set(handle.database, handle.migrate);
  try {
    if (opts.wait !== undefined && handle.database.kind === 'server') {
      await waitUntilReachable(() => handle.database.ping(), opts.wait);
    }
    if (opts.migrate ?? true) await handle.migrate();
  } catch (thrown) {
    await handle.database.close();
    throw thrown;
  }
  return handle.database;
}

/** Applies pending migrations; applying them again is a no-op. */
export async function runMigrations(database: Database): Promise<void> {
  const migrate = migrators.get(database);
  if (migrate === undefined) throw new Error('runMigrations: database was not opened by openDatabase');
  await migrate();
}
