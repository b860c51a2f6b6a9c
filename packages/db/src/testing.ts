// Test databases: a throwaway embedded one, or a fresh database on the PostgreSQL of the storage leg.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from './client/open';
import type { Database } from './client/types';

/**
 * The PostgreSQL leg of the test run sets both: the server to make databases on, and the switch that
 * says this vitest project is that leg (the embedded leg of the same files runs without it).
 */
export function testStorage(): 'postgres' | 'embedded' {
  return process.env.SVC_TEST_STORAGE === 'postgres' ? 'postgres' : 'embedded';
}

function serverUrl(): string {
  const url = process.env.SVC_TEST_DATABASE_URL;
  if (!url) throw new Error('SVC_TEST_STORAGE=postgres needs SVC_TEST_DATABASE_URL (a PostgreSQL server with pgvector)');
  return url;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function onAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabaseUrl {
  /** A fresh, empty database on the test server (`postgres://…/svc_test_…`). */
  url: string;
  /** Drops it, ending whatever connections are still open on it. */
  drop(): Promise<void>;
}

/** An empty database of its own on the test server, for tests that open it themselves (several instances, restarts). */
export async function createTestDatabaseUrl(): Promise<TestDatabaseUrl> {
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  await onAdmin(async (client) => {
    // Roles are cluster-wide and the migrations of parallel test files would race to create them.
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(7263514002)');
    for (const role of ['svc_authenticated', 'svc_anon']) {
      const found = await client.query('select 1 from pg_roles where rolname = $1', [role]);
      if (found.rowCount === 0) await client.query(`create role ${role} nologin`);
    }
    await client.query('commit');
    await client.query(`create database ${name}`);
  });
  return {
    url: withDatabaseName(serverUrl(), name),
    drop: () => onAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

export interface OpenTestDatabaseOptions {
  migrate?: boolean;
  /** Server mode pool size; default 10 as in production. */
  poolMax?: number;
}

/**
 * A migrated database for one test file: `memory://` PGlite, or on the PostgreSQL leg a database of
 * its own that closing drops, so every file starts empty on both.
 */
export async function openTestDatabase(opts: OpenTestDatabaseOptions = {}): Promise<Database> {
  if (testStorage() === 'embedded') return openDatabase({ dataDir: 'memory://', migrate: opts.migrate ?? true });
  const made = await createTestDatabaseUrl();
  const database = await openDatabase({ url: made.url, migrate: opts.migrate ?? true, poolMax: opts.poolMax ?? 10 });
  const close = database.close.bind(database);
  return Object.assign(database, {
    async close() {
      await close();
      await made.drop();
    },
  });
}
