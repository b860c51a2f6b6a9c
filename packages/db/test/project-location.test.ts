// A project's location key is unique per owner in the database: of any number of concurrent
// creates at one location, as the signed-in owner, exactly one lands and the rest are told so.
import { readFile } from 'node:fs/promises';
import { isServiceError } from '@svc/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LOCATION_TAKEN, createProject, createUser, rowsOf, type Database } from '../src/index';
import { openTestDatabase } from './support';

let database: Database;
let ada = '';
let bob = '';

beforeAll(async () => {
  database = await openTestDatabase({ poolMax: 10 });
  ada = (await createUser(database.db, 'ada@example.com')).user.id;
  bob = (await createUser(database.db, 'bob@example.com')).user.id;
});
afterAll(() => database.close());

const at = (ownerId: string, locationKey: string, name = 'located') =>
  database.asUser({ userId: ownerId }, (tx) => createProject(tx, { ownerId, name, gitRemotes: [locationKey.slice(7)], locationKey }));

async function countAt(locationKey: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from projects where location_key = ${locationKey}`));
  return rows[0]!.n;
}

describe('projects at a location key', () => {
  it('thirty concurrent creates by one owner make one project; the others are refused as the location taken', async () => {
    const key = 'remote:github.com/ada/thirty';
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => at(ada, key)));
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(refusals).toHaveLength(29);
    for (const refusal of refusals) {
      expect(isServiceError(refusal) && refusal.code === 'conflict' && refusal.details?.reason === PROJECT_LOCATION_TAKEN, String(refusal)).toBe(true);
    }
    expect(await countAt(key)).toBe(1);
  });

  it('is per owner: another owner at the same location gets a project of their own', async () => {
    const key = 'remote:github.com/shared/repo';
    await at(ada, key);
    await at(bob, key);
    expect(await countAt(key)).toBe(2);
  });

  it('leaves projects without a location key (made by name) unconstrained, and a taken slug still gets a suffix', async () => {
    const first = await database.asUser({ userId: ada }, (tx) => createProject(tx, { ownerId: ada, name: 'same name' }));
    const second = await database.asUser({ userId: ada }, (tx) => createProject(tx, { ownerId: ada, name: 'same name' }));
    expect(first.project.slug).toBe('same-name');
    expect(second.project.slug).toMatch(/^same-name-[0-9a-f]{6}$/);
  });

  it('refuses a taken location even when its derived slug is also taken', async () => {
    const key = 'path:/home/ada/src/slug-and-location';
    await at(ada, key, 'slug and location');
    await expect(at(ada, key, 'slug and location')).rejects.toMatchObject({ code: 'conflict', details: { reason: PROJECT_LOCATION_TAKEN } });
  });
});

describe('migration 0023 on projects from before it', () => {
  it('gives the oldest of twins made by the race the key, and the rest none, so the unique index can be built', async () => {
    const cy = (await createUser(database.db, 'cy@example.com')).user.id;
    const made = [];
    for (const name of ['twin', 'twin', 'single']) {
      const remotes = name === 'twin' ? ['github.com/cy/twin'] : ['github.com/cy/single'];
      made.push(await createProject(database.db, { ownerId: cy, name, gitRemotes: remotes }));
    }
    await createProject(database.db, { ownerId: cy, name: 'two places', gitRemotes: ['github.com/cy/a'], repoPaths: ['/src/a'] });
    const text = await readFile(new URL('../migrations/0023_unique_locations.sql', import.meta.url), 'utf8');
    const backfill = text.split('--> statement-breakpoint').find((statement) => statement.includes('UPDATE "projects"'));
    await database.db.execute(sql.raw(backfill!));
    const rows = rowsOf<{ id: string; name: string; location_key: string | null }>(
      await database.db.execute(sql`select id, name, location_key from projects where created_by = ${cy} order by created_at, id`),
    );
    expect(rows.map((r) => [r.name, r.location_key])).toEqual([
      ['twin', 'remote:github.com/cy/twin'],
      ['twin', null],
      ['single', 'remote:github.com/cy/single'],
      ['two places', null],
    ]);
    expect(rows[0]!.id).toBe(made[0]!.project.id);
  });
});
