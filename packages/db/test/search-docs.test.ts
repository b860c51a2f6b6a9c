// memory_search_docs: the trigger-maintained lexical documents (own words, speaker, neighbours, date) and their isolation.
import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories, memorySearchDocs, rowsOf, type Database } from '../src/index';
import {
  expectForbidden,
  openTestDatabase,
  seedCast,
  seedMemory,
  updateMemoryAs,
  type Cast,
} from './support';

let database: Database;
let cast: Cast;

beforeAll(async () => {
  database = await openTestDatabase();
  cast = await seedCast(database);
});
afterAll(() => database.close());

/** The lexemes of one field (tsvector weight) of a memory's document. */
async function field(id: string, weight: 'A' | 'B' | 'C' | 'D'): Promise<string[]> {
  const rows = rowsOf<{ lexeme: string }>(
    await database.db.execute(sql`select u.lexeme from memory_search_docs d, unnest(d.terms) u
      where d.memory_id = ${id} and ${weight} = any(u.weights) order by u.lexeme`),
  );
  return rows.map((r) => r.lexeme);
}

async function conversation(
  name: string,
  words: string[],
  scopeId = cast.alpha.scope,
): Promise<string[]> {
  const rows = await database.db
    .insert(memories)
    .values(
      words.map((w) => ({
        ownerId: cast.alice.id,
        scopeId,
        content: `Alice: ${w}`,
        source: { conversationId: name },
      })),
    )
    .returning({ id: memories.id });
  return rows.map((r) => r.id);
}

describe('search documents', () => {
  it('give each memory of a conversation the words of two neighbours on each side, in insertion order', async () => {
    const ids = await conversation('c1', ['apple', 'banana', 'cherry', 'grape', 'lemon', 'mango']);
    expect(await field(ids[0]!, 'C')).toEqual(['alic', 'banana', 'cherri']);
    expect(await field(ids[2]!, 'C')).toEqual(['alic', 'appl', 'banana', 'grape', 'lemon']);
    expect(await field(ids[5]!, 'C')).toEqual(['alic', 'grape', 'lemon']);
    expect(await field(ids[2]!, 'A')).toEqual(['alic', 'cherri']);
    const [doc] = await database.db
      .select()
      .from(memorySearchDocs)
      .where(eq(memorySearchDocs.memoryId, ids[2]!));
    expect(doc).toMatchObject({ ownLength: 2, contextLength: 8, conversation: 'c1' });
  });

  it('follow edits, deletions and moves of a neighbour', async () => {
    const ids = await conversation('c2', ['one', 'two', 'three']);
    await updateMemoryAs(database, cast.alice.id, ids[1]!, { content: 'Alice: seven' });
    expect(await field(ids[0]!, 'C')).toEqual(['alic', 'seven', 'three']);
    await database.db.delete(memories).where(eq(memories.id, ids[1]!));
    expect(await field(ids[0]!, 'C')).toEqual(['alic', 'three']);
    await updateMemoryAs(database, cast.alice.id, ids[2]!, { scopeId: cast.alice.personal });
    expect(await field(ids[0]!, 'C')).toEqual([]);
    const [moved] = await database.db
      .select()
      .from(memorySearchDocs)
      .where(eq(memorySearchDocs.memoryId, ids[2]!));
    expect(moved?.scopeId).toBe(cast.alice.personal);
  });

  it('are written only where something in them changed (migration 0040)', async () => {
    const ids = await conversation('c-writes', ['north', 'south', 'east']);
    /** Where each document's current row version lives: a write of the row, even of equal values, moves it. */
    const places = async () =>
      rowsOf<{ memory_id: string; ctid: string }>(
        await database.db.execute(sql`select memory_id, ctid::text from memory_search_docs
          where memory_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) order by memory_id`),
      );
    const before = await places();
    // A metadata key the documents do not read: the refresh runs for the memory and its neighbours.
    await updateMemoryAs(database, cast.alice.id, ids[1]!, { metadata: { mood: 'calm' } });
    expect(await places()).toEqual(before);
    await updateMemoryAs(database, cast.alice.id, ids[1]!, { content: 'Alice: west' });
    const after = await places();
    expect(after.map((p) => p.ctid)).not.toEqual(before.map((p) => p.ctid));
    expect(await field(ids[0]!, 'C')).toEqual(['alic', 'east', 'west']);
  });

  it('take the speaker from metadata or a conversation turn\'s "Name:" prefix, and the month and year of the event', async () => {
    const [turn] = await conversation('c3', ['hello there']);
    const note = await seedMemory(database, {
      ownerId: cast.alice.id,
      scopeId: cast.alpha.scope,
      content: 'Note: buy milk',
    });
    const tagged = await seedMemory(database, {
      ownerId: cast.alice.id,
      scopeId: cast.alpha.scope,
      content: 'likes tea',
      metadata: { speaker: 'Melanie' },
      eventAt: new Date('2023-05-08T12:00:00Z'),
    });
    expect(await field(turn!, 'B')).toEqual(['alic']);
    expect(await field(note, 'B')).toEqual([]);
    expect(await field(tagged, 'B')).toEqual(['melani']);
    expect(await field(tagged, 'D')).toEqual(['2023', 'may']);
  });

  it('are readable exactly like their memories, and written by no signed-in caller', async () => {
    const [id] = await conversation('c4', ['private words'], cast.alice.personal);
    const seen = (userId: string) =>
      database.asUser({ userId }, (tx) =>
        tx.select().from(memorySearchDocs).where(eq(memorySearchDocs.memoryId, id!)),
      );
    expect(await seen(cast.alice.id)).toHaveLength(1);
    expect(await seen(cast.bob.id)).toHaveLength(0);
    await expectForbidden(
      database.asUser({ userId: cast.alice.id }, (tx) =>
        tx
          .update(memorySearchDocs)
          .set({ ownLength: 99 })
          .where(eq(memorySearchDocs.memoryId, id!)),
      ),
    );
  });

  it('are found through svc_search_doc_matches only where the caller may read them', async () => {
    const [id] = await conversation('c5', ['zebrafish'], cast.alice.personal);
    const matches = async (userId: string) =>
      rowsOf<{ memory_id: string }>(
        await database.asUser({ userId }, (tx) =>
          tx.execute(sql`select memory_id from svc_search_doc_matches('zebrafish'::tsquery, null)`),
        ),
      ).map((r) => r.memory_id);
    expect(await matches(cast.alice.id)).toEqual([id]);
    expect(await matches(cast.bob.id)).toEqual([]);
    await expectForbidden(
      database.asAnon((tx) =>
        tx.execute(sql`select * from svc_search_doc_matches('zebrafish'::tsquery, null)`),
      ),
    );
  });

  it('newest first: the latest matches the caller may read, however many older ones there are', async () => {
    const mine: string[] = [];
    for (let i = 0; i < 12; i++) {
      mine.push(await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: `wombat ${i}` }));
      // Someone else's newer matches and the caller's non-matching writes in between.
      await seedMemory(database, { ownerId: cast.dave.id, scopeId: cast.gamma.scope, content: `wombat of dave ${i}` });
      await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: `koala ${i}` });
    }
    const newest = rowsOf<{ memory_id: string }>(
      await database.asUser({ userId: cast.alice.id }, (tx) =>
        tx.execute(sql`select memory_id from svc_search_doc_matches('wombat'::tsquery, null, 5, true)`),
      ),
    ).map((r) => r.memory_id);
    expect(newest).toEqual(mine.slice(-5).reverse());
  });

  it("give each query word's field-weighted frequency through svc_search_doc_fields only where the caller may read them", async () => {
    const [id] = await conversation('c6', ['the axolotl eats the axolotl food'], cast.alice.personal);
    const [{ own_length: ownLength }] = rowsOf<{ own_length: number }>(
      await database.db.execute(sql`select own_length from memory_search_docs where memory_id = ${id}`),
    ) as [{ own_length: number }];
    // {b, average own length, average context length, context weight, date weight}: with b 0.5 and
    // an average twice this document's length, its own words' norm is 0.75.
    const fields = [0.5, 2 * ownLength, 1, 0.35, 0.5];
    const rows = async (userId: string, speaker: string) =>
      rowsOf<{ memory_id: string; tf: number[]; said: boolean }>(
        await database.asUser({ userId }, (tx) =>
          tx.execute(sql`select memory_id, tf, said from svc_search_doc_fields('axolotl'::tsquery,
            array['axolotl'::tsquery, 'food'::tsquery, 'zebra'::tsquery], ${speaker}::tsquery,
            ${`{${fields.join(',')}}`}::float8[], null)`),
        ),
      );
    const [mine] = await rows(cast.alice.id, "'axolotl':B | 'food':B");
    expect(mine!.memory_id).toBe(id);
    // Twice and once in its own words, never in the document.
    expect(mine!.tf[0]).toBeCloseTo(2 / 0.75, 6);
    expect(mine!.tf[1]).toBeCloseTo(1 / 0.75, 6);
    expect(mine!.tf[2]).toBe(0);
    expect(mine!.said).toBe(false);
    // "Alice: ..." names its speaker (weight B).
    expect((await rows(cast.alice.id, "'alic':B"))[0]!.said).toBe(true);
    expect(await rows(cast.bob.id, "'alic':B")).toEqual([]);
    await expectForbidden(
      database.asAnon((tx) =>
        tx.execute(sql`select * from svc_search_doc_fields('axolotl'::tsquery, array['axolotl'::tsquery], 'axolotl:B'::tsquery, '{0,1,1,0,0}'::float8[], null)`),
      ),
    );
  });

  it('count a word in the neighbours and the date at their weights, and newest first give the newest matches', async () => {
    const [first, second] = await conversation('c7', ['penguin walrus', 'walrus walrus'], cast.alice.personal);
    await database.db.update(memories).set({ eventAt: new Date('2023-05-08T12:00:00Z') }).where(eq(memories.id, first!));
    const fields = '{0,1,1,0.35,0.5}';
    // The newest match, walked to or found among all matches sorted.
    for (const sorted of [false, true]) {
      const rows = rowsOf<{ memory_id: string }>(
        await database.asUser({ userId: cast.alice.id }, (tx) =>
          tx.execute(sql`select memory_id from svc_search_doc_fields('walrus'::tsquery,
            array['walrus'::tsquery, 'may'::tsquery], 'walrus:B'::tsquery, ${fields}::float8[], null, 1, true, ${sorted})`),
        ),
      );
      expect(rows.map((r) => r.memory_id)).toEqual([second]);
    }
    const both = rowsOf<{ memory_id: string; tf: number[] }>(
      await database.asUser({ userId: cast.alice.id }, (tx) =>
        tx.execute(sql`select memory_id, tf from svc_search_doc_fields('penguin'::tsquery,
          array['walrus'::tsquery, 'may'::tsquery], 'walrus:B'::tsquery, ${fields}::float8[], null)`),
      ),
    );
    const tf = new Map(both.map((r) => [r.memory_id, r.tf]));
    // b 0: the first once in its own words and twice in its neighbour's (0.35 each), May 2023 its
    // date (0.5); the second twice in its own and once in its neighbour's ("penguin" is there).
    expect(tf.get(first!)![0]).toBeCloseTo(1 + 2 * 0.35, 6);
    expect(tf.get(first!)![1]).toBeCloseTo(0.5, 6);
    expect(tf.get(second!)![0]).toBeCloseTo(2 + 0.35, 6);
    expect(tf.get(second!)![1]).toBe(0);
  });

  it('name the query words a memory holds, by field, through svc_search_doc_terms only where the caller may read them', async () => {
    const [id] = await conversation('c8', ['penguin iceberg', 'iceberg walrus'], cast.alice.personal);
    const terms = async (userId: string) =>
      rowsOf<{ memory_id: string; own_terms: string[] | null; context_terms: string[] | null; speaker_terms: string[] | null }>(
        await database.asUser({ userId }, (tx) =>
          tx.execute(sql`select * from svc_search_doc_terms(array[${id}::uuid], array['alic', 'iceberg', 'penguin', 'walrus', 'zebra'])`),
        ),
      );
    expect(await terms(cast.alice.id)).toEqual([
      { memory_id: id, own_terms: ['alic', 'iceberg', 'penguin'], context_terms: ['walrus'], speaker_terms: ['alic'] },
    ]);
    expect(await terms(cast.bob.id)).toEqual([]);
    await expectForbidden(
      database.asAnon((tx) => tx.execute(sql`select * from svc_search_doc_terms(array[${id}::uuid], array['walrus'])`)),
    );
  });
});

describe('search documents of a transcript', () => {
  it('are neighbours in the order they were written, whatever event times their sentences name', async () => {
    const at = (iso: string) => new Date(iso);
    // As extraction stores a chunk: in the order said; some sentences name a date, some none.
    const said = [
      { content: 'Alice: kiwi', eventAt: at('2024-05-08T12:00:00Z') },
      { content: 'Alice: papaya', eventAt: at('2023-01-01T00:00:00Z') },
      { content: 'Alice: quince', eventAt: null },
      { content: 'Alice: raspberry', eventAt: at('2024-05-08T12:00:00Z') },
      { content: 'Alice: satsuma', eventAt: at('2022-03-01T00:00:00Z') },
      { content: 'Alice: tamarind', eventAt: null },
    ];
    const rows = await database.db
      .insert(memories)
      .values(said.map((m) => ({ ...m, ownerId: cast.alice.id, scopeId: cast.alpha.scope, source: { conversationId: 't1', transcriptChunkId: 'chunk-1' } })))
      .returning({ id: memories.id });
    // By event time quince would sit between raspberry and tamarind; as said, between papaya and raspberry.
    expect(await field(rows[2]!.id, 'C')).toEqual(['alic', 'kiwi', 'papaya', 'raspberri', 'satsuma']);
  });

  it('stored before migration 0025 are put in that order by it', async () => {
    const said = ['ugli', 'vanilla', 'walnut', 'yuzu', 'ziziphus'];
    const rows = await database.db
      .insert(memories)
      .values(said.map((w, i) => ({ content: `Alice: ${w}`, eventAt: new Date(Date.UTC(2030 - i, 0, 1)), ownerId: cast.alice.id, scopeId: cast.alpha.scope, source: { conversationId: 't2', transcriptChunkId: 'chunk-2' } })))
      .returning({ id: memories.id });
    const ids = rows.map((r) => r.id);
    // As the documents stood before: ordered by the event times (here the reverse of what was said),
    // their context fields taken from that order (emptied here: the backfill must make them again).
    await database.db.execute(sql`update memory_search_docs d set ordered_at = m.event_at, terms = ''::tsvector
      from memories m where m.id = d.memory_id and m.id = any(${`{${ids.join(',')}}`}::uuid[])`);
    const migration = await readFile(new URL('../migrations/0025_transcript_order.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').map((x) => x.trim()).find((x) => x.includes('DO $$'));
    expect(backfill).toBeDefined();
    await database.db.execute(sql.raw(backfill!));
    expect(await field(ids[2]!, 'C')).toEqual(['alic', 'ug', 'vanilla', 'yuzu', 'ziziphus']);
    expect(await field(ids[0]!, 'C')).toEqual(['alic', 'vanilla', 'walnut']);
  });
});

