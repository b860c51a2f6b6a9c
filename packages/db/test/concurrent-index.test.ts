// Instances starting together create the same vector index at once: every one of them must come up.
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../src/testing';
import { embeddingIndexName, ensureEmbeddingIndex, rowsOf, type Database } from '../src/index';
import { sql } from 'drizzle-orm';

let database: Database | undefined;
afterAll(() => database?.close());

describe('ensureEmbeddingIndex from several starters at once', () => {
  it('succeeds for all of them and leaves one index', async () => {
    database = await openTestDatabase({ poolMax: 8 });
    const db = database.db;
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => ensureEmbeddingIndex(db, 'race-model', 16)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(Array(8).fill('ok'));
    const name = embeddingIndexName('race-model', 16);
    const found = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pg_indexes where indexname = ${name}`));
    expect(found[0]?.n).toBe(1);
  });
});
