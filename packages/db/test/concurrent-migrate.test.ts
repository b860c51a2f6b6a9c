// Several instances opening one fresh PostgreSQL at the same moment: the advisory lock lets one
// migrate while the others wait, and every one of them comes up on the whole schema.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl, testStorage, type TestDatabaseUrl } from '../src/testing';
import { openDatabase, rowsOf, type Database } from '../src/index';
import { readCatalog } from './catalog';

const POSTGRES = testStorage() === 'postgres';
const opened: Database[] = [];
let made: TestDatabaseUrl | undefined;
const fresh: TestDatabaseUrl[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
  await made?.drop();
  for (const database of fresh) await database.drop();
});

describe.skipIf(!POSTGRES)(
  'openDatabase on one fresh PostgreSQL from four instances at once',
  () => {
    it('migrates once and leaves all four on the same schema', async () => {
      made = await createTestDatabaseUrl();
      const url = made.url;
      const results = await Promise.allSettled(
        [1, 2, 3, 4].map(() => openDatabase({ url, poolMax: 2 })),
      );
      for (const result of results) if (result.status === 'fulfilled') opened.push(result.value);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
        'ok',
      ]);

      const applied = rowsOf<{ hash: string }>(
        await opened[0]!.db.execute(sql`select hash from drizzle.__drizzle_migrations`),
      );
      expect(new Set(applied.map((row) => row.hash)).size, 'a migration was recorded twice').toBe(
        applied.length,
      );
      const catalogs = await Promise.all(opened.map((database) => readCatalog(database)));
      for (const catalog of catalogs.slice(1)) expect(catalog).toEqual(catalogs[0]);
      expect(catalogs[0]!.tables.length).toBeGreaterThan(10);
    });
  },
);

// Roles are per cluster and the migration lock per database: fresh databases of one cluster
// migrated at once used to fail at CREATE ROLE. (On the shared test server the service's roles
// already exist; concurrent-roles.test.ts races the role blocks themselves under new names.)
describe.skipIf(!POSTGRES)('openDatabase on four fresh databases of one cluster at once', () => {
  it('migrates every one of them to the whole schema', { timeout: 120_000 }, async () => {
    fresh.push(...(await Promise.all([1, 2, 3, 4].map(() => createTestDatabaseUrl()))));
    const results = await Promise.allSettled(fresh.map(({ url }) => openDatabase({ url, poolMax: 2 })));
    const databases = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    opened.push(...databases);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
    const catalogs = await Promise.all(databases.map((database) => readCatalog(database)));
    for (const catalog of catalogs.slice(1)) expect(catalog).toEqual(catalogs[0]);
    expect(catalogs[0]!.tables.length).toBeGreaterThan(10);
  });
});
