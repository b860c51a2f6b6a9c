// A server over a persistent database (on-disk PGlite, or on the PostgreSQL leg a database of its own) that a test can stop and start again on the same port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '@svc/db';
import { createTestDatabaseUrl, testStorage, type TestDatabaseUrl } from '@svc/db/testing';
import { startHarness, type Harness } from './harness';

export interface Restartable {
  start(port?: number): Promise<Harness>;
  stop(): Promise<void>;
  /** Stops the server and removes its data (directory or database). */
  dispose(): Promise<void>;
}

/** Where the data outlives a stop: made lazily, since a PostgreSQL database needs an await. */
interface Store {
  open(): Promise<Database>;
  remove(): Promise<void>;
}

function embeddedStore(prefix: string): Store {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  return {
    open: () => openDatabase({ dataDir }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function postgresStore(): Store {
  let made: Promise<TestDatabaseUrl> | undefined;
  return {
    async open() {
      made ??= createTestDatabaseUrl();
      return openDatabase({ url: (await made).url });
    },
    async remove() {
      if (made) await (await made).drop();
    },
  };
}

export function restartableServer(prefix: string): Restartable {
  const store = testStorage() === 'postgres' ? postgresStore() : embeddedStore(prefix);
  let database: Database | undefined;
  let h: Harness | undefined;
  const stop = async () => {
    await h?.close();
    await database?.close();
    h = undefined;
    database = undefined;
  };
  return {
    async start(port) {
      database = await store.open();
      h = await startHarness({ database, port });
      return h;
    },
    stop,
    async dispose() {
      await stop();
      await store.remove();
    },
  };
}
