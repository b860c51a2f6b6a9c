// memory_search_totals: the searched collections' sizes and field lengths, kept by a trigger as documents change.
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

async function expectInStep(): Promise<void> {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
}

function turns(conversation: string, words: string[], scopeId: string, ownerId = cast.alice.id) {
  return database.db
    .insert(memories)
    .values(words.map((w) => ({ ownerId, scopeId, content: `Alice: ${w}`, source: { conversationId: conversation } })))
    .returning({ id: memories.id });
}

describe('search totals', () => {
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
    // Moved to another scope: one document leaves alpha's row for the personal scope's.
    await database.db.update(memories).set({ scopeId: cast.alice.personal }).where(eq(memories.id, first[0]!.id));
    await expectInStep();
    // A change that touches no searchable word writes no document, and the totals stay.
    await database.db.update(memories).set({ importance: 0.9 }).where(eq(memories.id, first[1]!.id));
    await expectInStep();
    await database.db.delete(memories).where(inArray(memories.id, [first[1]!.id, first[3]!.id]));
    await expectInStep();
    // Emptied: bob's only document in alpha goes, and so does his row there.
    await database.db.delete(memories).where(eq(memories.ownerId, cast.bob.id));
    await expectInStep();
    expect((await keptAndCounted()).kept[`${cast.alpha.scope}|${cast.bob.id}`]).toBeUndefined();
  });

  it('count every document when writers into one scope and owner run at once (a row made by the first)', async () => {
    // On PostgreSQL these are separate connections racing to create, then update, one row.
    await Promise.all(Array.from({ length: 8 }, (_, i) => turns(`race${i}`, [`word${i} more words`], cast.carol.personal, cast.carol.id)));
    await expectInStep();
    expect((await keptAndCounted()).kept[`${cast.carol.personal}|${cast.carol.id}`]!.docs).toBe(8);
  });

  it('are readable exactly like the documents they count, and written by no signed-in caller', async () => {
    await turns('t4', ['private plum'], cast.dave.personal, cast.dave.id);
    await turns('t5', ['shared fig'], cast.alpha.scope, cast.bob.id);
    const visible = async (userId: string) =>
      rowsOf<{ scope_id: string }>(
        await database.asUser({ userId }, (tx) => tx.execute(sql`select scope_id from memory_search_totals`)),
      ).map((r) => r.scope_id);
    expect(await visible(cast.dave.id)).toContain(cast.dave.personal);
    expect(await visible(cast.alice.id)).not.toContain(cast.dave.personal);
    // Carol reads alpha: its rows (alice's and bob's) count for her searches of it.
    const carol = await visible(cast.carol.id);
    expect(carol.filter((s) => s === cast.alpha.scope)).toHaveLength(2);
    await expectForbidden(
      database.asUser({ userId: cast.dave.id }, (tx) =>
        tx.execute(sql`update memory_search_totals set docs = docs + 1 where scope_id = ${cast.dave.personal}`),
      ),
    );
    await expectForbidden(database.asAnon((tx) => tx.execute(sql`select * from memory_search_totals`)));
  });
});
