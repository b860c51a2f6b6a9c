// Two app instances on one PostgreSQL database, each through a pool of its own, as behind one edge.
import { openDatabase, type Database } from '@svc/db';
import { createTestDatabaseUrl } from '@svc/db/testing';
import { startHarness, type Harness, type HarnessOptions } from './harness';

export interface InstancePair {
  a: Harness;
  b: Harness;
  /** The first instance's handle, for fixtures and for tampering with the shared tables. */
  database: Database;
  close(): Promise<void>;
}

/** Needs `SVC_TEST_DATABASE_URL`: a fresh database on that server, dropped on close. */
export async function startInstancePair(opts: Omit<HarnessOptions, 'database'> = {}): Promise<InstancePair> {
  const made = await createTestDatabaseUrl();
  const first = await openDatabase({ url: made.url });
  // Opened separately, as a second process would: it finds the migrations applied.
  const second = await openDatabase({ url: made.url });
  const a = await startHarness({ ...opts, database: first });
  const b = await startHarness({ ...opts, database: second });
  return {
    a,
    b,
    database: first,
    async close() {
      await a.close();
      await b.close();
      await first.close();
      await second.close();
      await made.drop();
    },
  };
}
