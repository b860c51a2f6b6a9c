// Migrations: applying them twice changes nothing, custom SQL is safe to re-run, and every table
// a signed-in role can reach is under row-level security.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, runMigrations, type Database } from '../src/index';
import { readCatalog, type Catalog } from './catalog';
import { openTestDatabase } from './support';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));
const CUSTOM_MARKER = '-- custom migration (idempotent)';

let database: Database;
let first: Catalog;

beforeAll(async () => {
  database = await openTestDatabase();
  first = await readCatalog(database);
});
afterAll(() => database.close());

async function customMigrations(): Promise<Array<{ file: string; statements: string[] }>> {
  const files = (await readdir(MIGRATIONS)).filter((file) => file.endsWith('.sql')).sort();
  const custom = [];
  for (const file of files) {
    const text = await readFile(join(MIGRATIONS, file), 'utf8');
    if (!text.startsWith(CUSTOM_MARKER)) continue;
    custom.push({ file, statements: text.split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean) });
  }
  return custom;
}

describe('migrations', () => {
  it('create the whole schema on an empty database', () => {
    const tables = first.tables.map((item) => item.split(':')[0]);
    for (const table of ['users', 'memories', 'memory_embeddings', 'cards', 'usage_events', 'usage_events_default', 'backups']) {
      expect(tables).toContain(table);
    }
    expect(first.functions.some((fn) => fn.startsWith('svc_search_memories('))).toBe(true);
    expect(first.policies.length).toBeGreaterThan(30);
  });

  it('are a no-op when applied a second time', async () => {
    await runMigrations(database);
    expect(await readCatalog(database)).toEqual(first);
  });

  it('keep every custom migration safe to run again by hand', async () => {
    const custom = await customMigrations();
    expect(custom.map((m) => m.file)).toContain('0000_foundation.sql');
    for (const migration of custom) {
      await database.system(async (tx) => {
        for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      });
    }
    expect(await readCatalog(database)).toEqual(first);
  });

  it('put every table a request role can reach under row-level security', async () => {
    const unprotected = rowsOf<{ relname: string }>(
      await database.db.execute(sql`
        select c.relname from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
          and not c.relrowsecurity`),
    );
    expect(unprotected, 'a new table needs ENABLE ROW LEVEL SECURITY in a custom migration').toEqual([]);
  });

  it('grant the anonymous role no table at all, and no partition to anyone', async () => {
    const grants = rowsOf<{ grantee: string; table_name: string }>(
      await database.db.execute(sql`
        select grantee, table_name from information_schema.role_table_grants
        where (grantee = 'svc_anon') or (grantee = 'svc_authenticated' and table_name like 'usage\\_events\\_%')`),
    );
    expect(grants).toEqual([]);
  });
});
