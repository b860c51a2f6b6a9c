// The embedded driver: PGlite (Postgres in WebAssembly) with pgvector, persisted in a data directory.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as schema from '../schema';
import { lockDataDir, type ReleaseLock } from './data-dir-lock';
import { LaneGate } from './lanes';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { roleMethods } from './roles';
import type { Database, DriverHandle } from './types';

/** `memory://` (and other URL-like locations) are PGlite's own; a plain path is a directory on disk. */
function isFilesystemPath(dataDir: string): boolean {
  return !/^[a-z]+:\/\//i.test(dataDir);
}

export async function openEmbedded(dataDir: string): Promise<DriverHandle> {
  let release: ReleaseLock | undefined;
  if (isFilesystemPath(dataDir)) {
    // Only the owning account may read the data, or reach the local socket the server opens inside it.
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    release = await lockDataDir(dataDir);
  }
  const client = await PGlite.create(dataDir, { extensions: { vector } }).catch(async (err: unknown) => {
    await release?.();
    throw err;
  });
  const db = drizzle({ client, schema });
  const roles = roleMethods(db);
  const gate = new LaneGate();
  const database: Database = {
    kind: 'embedded',
    db,
    asUser: (ctx, fn) => gate.run(() => roles.asUser(ctx, fn)),
    asAnon: (fn) => gate.run(() => roles.asAnon(fn)),
    system: (fn) => gate.run(() => roles.system(fn)),
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
