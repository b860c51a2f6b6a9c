// memory_search_totals and memory_search_words: the searched collections' sizes, field lengths and words' document
// frequencies, kept by triggers as documents change.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories, rowsOf, type Database } from '../src/index';
import { expectForbidden, openTestDatabase, seedCast, type Cast } from './support';

let database: Database;
let cast: Cast;

beforeAll(async () => {
  database = await openTestDatabase();
  cast = await seedCast(database);
});
afterAll(() => database.close());

interface Totals {
  scope_id: string;
  owner_id: string;
  docs: number;
  own_length: number;
  context_length: number;
}

const key = (r: Totals) => `${r.scope_id}|${r.owner_id}`;
const byKey = (rows: Totals[]) => Object.fromEntries(rows.map((r) => [key(r), r]));

/** What the trigger kept against a count of the documents now. */
async function keptAndCounted(): Promise<{ kept: Record<string, Totals>; counted: Record<string, Totals> }> {
  const kept = rowsOf<Totals>(
    await database.db.execute(sql`select scope_id, owner_id, docs::int as docs, own_length::int as own_length,
      context_length::int as context_length from memory_search_totals`),
  );
  const counted = rowsOf<Totals>(
    await database.db.execute(sql`select scope_id, owner_id, count(*)::int as docs, sum(own_length)::int as own_length,
      sum(context_length)::int as context_length from memory_search_docs group by scope_id, owner_id`),
  );
  return { kept: byKey(kept), counted: byKey(counted) };
}

/** Each word's documents per scope and owner, as `word|scope|owner: docs`, kept and counted now. */
async function termsKeptAndCounted(): Promise<{ kept: string[]; counted: string[] }> {
  const lines = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ line: string }>(await database.db.execute(query)).map((r) => r.line);
  const kept = await lines(sql`select lexeme || '|' || scope_id || '|' || owner_id || ': ' || docs as line
    from memory_search_words order by 1`);
  const counted = await lines(sql`select u.lexeme || '|' || d.scope_id || '|' || d.owner_id || ': ' || count(*) as line
    from memory_search_docs d cross join lateral unnest(tsvector_to_array(d.terms)) u(lexeme)
    group by u.lexeme, d.scope_id, d.owner_id order by 1`);
  return { kept, counted };
}

async function expectInStep(): Promise<void> {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
  const terms = await termsKeptAndCounted();
  expect(terms.kept).toEqual(terms.counted);
  expect(terms.kept.length).toBeGreaterThan(0);
}

/** The kept count of one word in one scope and owner; undefined when no row is kept. */
async function termDocs(lexeme: string, scopeId: string, ownerId: string): Promise<number | undefined> {
  const [row] = rowsOf<{ docs: number }>(
    await database.db.execute(sql`select docs::int as docs from memory_search_words
      where lexeme = ${lexeme} and scope_id = ${scopeId} and owner_id = ${ownerId}`),
  );
  return row?.docs;
}

function turns(conversation: string, words: string[], scopeId: string, ownerId = cast.alice.id) {
  return database.db
    .insert(memories)
    .values(words.map((w) => ({ ownerId, scopeId, content: `Alice: ${w}`, source: { conversationId: conversation } })))
    .returning({ id: memories.id });
}

describe('search totals and term counts', () => {
  it('stay equal to a count of the documents through inserts, edits, moves and deletes', async () => {
    // One statement of several rows in two scopes (a conversation: neighbours' lengths change too).
    const first = await turns('t1', ['apple pie', 'banana split', 'cherry tart', 'grape juice'], cast.alpha.scope);
    await turns('t2', ['lemon', 'mango lassi'], cast.alice.personal);
    await turns('t3', ['kiwi'], cast.alpha.scope, cast.bob.id);
    await expectInStep();
    expect((await keptAndCounted()).kept[`${cast.alpha.scope}|${cast.alice.id}`]!.docs).toBe(4);

    // A longer text: its own length and its neighbours' context lengths move.
    await database.db.update(memories).set({ content: 'Alice: cherry tart with cream and almonds' }).where(eq(memories.id, first[2]!.id));
    await expectInStep();
    expect(await termDocs('almond', cast.alpha.scope, cast.alice.id)).toBeGreaterThan(0);
    // Moved to another scope: one document leaves alpha's row for the personal scope's.
    await database.db.update(memories).set({ scopeId: cast.alice.personal }).where(eq(memories.id, first[0]!.id));
    await expectInStep();
    // A change that touches no searchable word writes no document, and the totals stay.
    await database.db.update(memories).set({ importance: 0.9 }).where(eq(memories.id, first[1]!.id));
    await expectInStep();
    await database.db.delete(memories).where(inArray(memories.id, [first[1]!.id, first[3]!.id]));
    await expectInStep();
    // Emptied: bob's only document in alpha goes, and so does his row there.
    expect(await termDocs('kiwi', cast.alpha.scope, cast.bob.id)).toBe(1);
    await database.db.delete(memories).where(eq(memories.ownerId, cast.bob.id));
    await expectInStep();
    expect((await keptAndCounted()).kept[`${cast.alpha.scope}|${cast.bob.id}`]).toBeUndefined();
    expect(await termDocs('kiwi', cast.alpha.scope, cast.bob.id)).toBeUndefined();
  });

  it('count every document when writers into one scope and owner run at once (a row made by the first)', async () => {
    // On PostgreSQL these are separate connections racing to create, then update, one row.
    await Promise.all(Array.from({ length: 8 }, (_, i) => turns(`race${i}`, [`word${i} more words`], cast.carol.personal, cast.carol.id)));
    await expectInStep();
    expect((await keptAndCounted()).kept[`${cast.carol.personal}|${cast.carol.id}`]!.docs).toBe(8);
    expect(await termDocs('word', cast.carol.personal, cast.carol.id)).toBe(8);
  });

  it('stay in step when two writers of one owner and scope interleave statements with the same words', async () => {
    // On PostgreSQL two connections: each transaction writes both words, in crossing order.
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const write = (words: string[], before: number, between: number) =>
      pause(before).then(() =>
        database.db.transaction(async (tx) => {
          for (const [i, word] of words.entries()) {
            if (i > 0) await pause(between);
            await tx.insert(memories).values({ ownerId: cast.bob.id, scopeId: cast.bob.personal, content: `Bob: ${word}` });
          }
        }),
      );
    await Promise.all([write(['apple', 'banana'], 0, 300), write(['banana', 'apple'], 100, 0)]);
    await expectInStep();
    expect(await termDocs('appl', cast.bob.personal, cast.bob.id)).toBe(2);
    expect(await termDocs('banana', cast.bob.personal, cast.bob.id)).toBe(2);
  });

  it('are readable exactly like the documents they count, and written by no signed-in caller', async () => {
    await turns('t4', ['private plum'], cast.dave.personal, cast.dave.id);
    await turns('t5', ['shared fig'], cast.alpha.scope, cast.bob.id);
    for (const table of ['memory_search_totals', 'memory_search_words']) {
      // One row per (scope, owner) whose documents the caller's searches count.
      const visible = async (userId: string) =>
        rowsOf<{ scope_id: string }>(
          await database.asUser({ userId }, (tx) =>
            tx.execute(sql`select distinct scope_id, owner_id from ${sql.identifier(table)}`),
          ),
        ).map((r) => r.scope_id);
      expect(await visible(cast.dave.id)).toContain(cast.dave.personal);
      expect(await visible(cast.alice.id)).not.toContain(cast.dave.personal);
      // Carol reads alpha: its rows (alice's and bob's) count for her searches of it.
      const carol = await visible(cast.carol.id);
      expect(carol.filter((s) => s === cast.alpha.scope)).toHaveLength(2);
      await expectForbidden(
        database.asUser({ userId: cast.dave.id }, (tx) =>
          tx.execute(sql`update ${sql.identifier(table)} set docs = docs + 1 where scope_id = ${cast.dave.personal}`),
        ),
      );
      await expectForbidden(database.asAnon((tx) => tx.execute(sql`select * from ${sql.identifier(table)}`)));
    }
  });
});
