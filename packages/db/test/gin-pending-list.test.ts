// The search indexes' GIN pending lists stay small without a vacuum (migration 0038): the embedded
// database has no autovacuum, and every lookup through such an index reads the whole list.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories, rowsOf, type Database } from '../src/index';
import { openTestDatabase, seedCast, type Cast } from './support';

let database: Database;
let cast: Cast;

beforeAll(async () => {
  database = await openTestDatabase();
  cast = await seedCast(database);
});
afterAll(() => database.close());

const INDEXES = ['memory_search_docs_terms_idx', 'memories_tsv_idx'];
/** 256 kB in 8 kB pages. */
const LIMIT_PAGES = 32;

/** Made-up words, each memory its own, so every insert adds many new entries to the indexes. */
function words(seed: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(`w${((seed * 7919 + i * 104_729) % 999_983).toString(36)}x`);
  return out.join(' ');
}

describe('the search indexes', () => {
  it('name their small pending-list limit', async () => {
    const rows = rowsOf<{ name: string; options: string[] | null }>(
      await database.db.execute(sql`select c.relname as name, c.reloptions as options from pg_class c
        where c.relname in (${sql.join(INDEXES.map((i) => sql`${i}`), sql`, `)}) order by 1`),
    );
    expect(rows).toEqual(INDEXES.toSorted().map((name) => ({ name, options: ['gin_pending_list_limit=256'] })));
  });

  async function insertBatches(from: number, db: Pick<Database['db'], 'insert'> = database.db): Promise<void> {
    // About 2,400 new entries a batch in each index (24 made-up words a memory).
    for (let batch = from; batch < from + 8; batch++) {
      await db.insert(memories).values(
        Array.from({ length: 100 }, (_, i) => ({ ownerId: cast.alice.id, scopeId: cast.alice.personal, content: words(batch * 100 + i, 24) })),
      );
    }
  }

  async function pendingPages(index: string, db: Pick<Database['db'], 'execute'> = database.db): Promise<number> {
    const [cleaned] = rowsOf<{ pages: number }>(
      await db.execute(sql`select gin_clean_pending_list(${index}::regclass)::int as pages`),
    );
    return cleaned!.pages;
  }

  it('merge their pending entries before the list passes the limit, with no vacuum', async () => {
    await insertBatches(0);
    for (const index of INDEXES) expect(await pendingPages(index), index).toBeLessThanOrEqual(LIMIT_PAGES);
  });

  it('would keep far more pending at the default limit (the control)', async () => {
    // In one transaction: its lock on the index keeps PostgreSQL's autovacuum from merging the list meanwhile.
    const pages = await database.system(async (tx) => {
      await tx.execute(sql.raw('alter index memories_tsv_idx reset (gin_pending_list_limit)'));
      await insertBatches(8, tx);
      const pending = await pendingPages('memories_tsv_idx', tx);
      await tx.execute(sql.raw('alter index memories_tsv_idx set (gin_pending_list_limit = 256)'));
      return pending;
    });
    expect(pages).toBeGreaterThan(LIMIT_PAGES);
  });
});
