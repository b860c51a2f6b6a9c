// The embedded driver: PGlite (Postgres in WebAssembly) with pgvector, persisted in a data directory.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as schema from '../schema';
import { appendQueryLines } from './append-lines';
import { lockDataDir, type ReleaseLock } from './data-dir-lock';
import { LaneGate } from './lanes';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { roleMethods } from './roles';
import { PGliteThread, withTransactionPrelude } from './thread/pglite-proxy';
import type { Database, DriverHandle } from './types';

/** `memory://` (and other URL-like locations) are PGlite's own; a plain path is a directory on disk. */
function isFilesystemPath(dataDir: string): boolean {
  return !/^[a-z]+:\/\//i.test(dataDir);
}

export interface EmbeddedOptions {
  /**
   * PGlite in a worker thread of its own (the default), so the serving thread never runs its
   * WebAssembly; false runs it in the calling thread.
   */
  workerThread?: boolean;
}

/** The one PGlite connection, here or in its thread: drizzle and pg-boss use the same few methods of both. */
function openClient(dataDir: string, workerThread: boolean): Promise<PGlite | PGliteThread> {
  if (workerThread) return PGliteThread.create(dataDir);
  return PGlite.create(dataDir, { extensions: { vector } });
}

export async function openEmbedded(dataDir: string, opts: EmbeddedOptions = {}): Promise<DriverHandle> {
  const workerThread = opts.workerThread ?? true;
  let release: ReleaseLock | undefined;
  if (isFilesystemPath(dataDir)) {
    // Only the owning account may read the data, or reach the local socket the server opens inside it.
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    release = await lockDataDir(dataDir);
  }
  const client = await openClient(dataDir, workerThread).catch(async (err: unknown) => {
    await release?.();
    throw err;
  });
  // The thread's client answers drizzle's pglite session as PGlite does (query, exec, transaction).
  const db = drizzle({ client: client as PGlite, schema });
  const roles = roleMethods(db, workerThread ? withTransactionPrelude : undefined);
  // In its thread PGlite queues transactions by lane itself; in this thread the gate does.
  const gate = workerThread ? undefined : new LaneGate();
  const admit = <T>(fn: () => Promise<T>): Promise<T> => (gate ? gate.run(fn) : fn());
  const database: Database = {
    kind: 'embedded',
    keepsPlans: workerThread,
    db,
    asUser: (ctx, fn, settings) => admit(() => roles.asUser(ctx, fn, settings)),
    readsAsUser: (ctx, fn, settings) => admit(() => roles.readsAsUser(ctx, fn, settings)),
    statementsAsUser: (ctx, fn, settings) => admit(() => roles.statementsAsUser(ctx, fn, settings)),
    asAnon: (fn) => admit(() => roles.asAnon(fn)),
    system: (fn) => admit(() => roles.system(fn)),
    appendLines: (text, path) => (client instanceof PGliteThread ? client.appendLines(text, path) : appendQueryLines(db, text, path)),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (!client.closed) await client.close();
      await release?.();
      release = undefined;
    },
  };
  return {
    database,
    // PGlite is a single connection: nothing else can run migrations at the same time.
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
  };
}
