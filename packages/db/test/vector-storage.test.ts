// Where a stored vector lives: in its row (migration 0026), so reading one costs no TOAST lookup.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryEmbeddings, rowsOf, type Database } from '../src/index';
import { openTestDatabase, seedCast, seedMemory, type Cast } from './support';

let database: Database;
let cast: Cast;

beforeAll(async () => {
  database = await openTestDatabase();
  cast = await seedCast(database);
});
afterAll(() => database.close());

/** Pages of the table's TOAST relation: empty as long as no value was moved out of its row. */
async function toastPages(): Promise<number> {
  const [row] = rowsOf<{ bytes: string | number }>(
    await database.db.execute(sql`select pg_relation_size(reltoastrelid) as bytes from pg_class
      where oid = 'public.memory_embeddings'::regclass`),
  );
  return Number(row?.bytes ?? 0) / 8192;
}

async function store(dimensions: number, model: string): Promise<{ id: string; vector: number[] }> {
  const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: `${dimensions}` });
  const vector = Array.from({ length: dimensions }, (_, i) => Math.sin(i * 7.3 + dimensions) / 20);
  await database.db.insert(memoryEmbeddings).values({ memoryId: id, model, embedding: vector });
  return { id, vector };
}

describe('stored vectors', () => {
  it('of 512 dimensions stay in their rows, and read back as written', async () => {
    const before = await toastPages();
    const stored: { id: string; vector: number[] }[] = [];
    for (let i = 0; i < 20; i++) stored.push(await store(512, 'test-512'));
    expect(await toastPages()).toBe(before);
    const [row] = await database.db.select().from(memoryEmbeddings).where(eq(memoryEmbeddings.memoryId, stored[0]!.id));
    expect(row?.embedding).toHaveLength(512);
    row!.embedding.forEach((x, i) => expect(x).toBeCloseTo(stored[0]!.vector[i]!, 6));
  });

  it('of 2000 dimensions (the most an HNSW index takes) are still stored', async () => {
    const { id } = await store(2000, 'test-2000');
    const [row] = await database.db.select().from(memoryEmbeddings).where(eq(memoryEmbeddings.memoryId, id));
    expect(row?.embedding).toHaveLength(2000);
  });
});
