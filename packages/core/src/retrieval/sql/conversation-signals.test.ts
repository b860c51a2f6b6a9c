// The conversation signals on a real database: the adjacent memories' best cosine, and a text that asks.
import { rowsOf } from '@svc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorld, store, storeNamedVectors, unitVector, type World } from '../../../test/retrieval-support';
import { conversationSignalsStatement, type ConversationSignalRow } from './conversation-signals';

const MODEL = 'unit-4';
/** The query points along the first axis, so a memory's cosine is its vector's first component. */
const QUERY = { model: MODEL, vector: unitVector(1, 0, 0, 0) };

let world: World;
const ids: Record<string, string> = {};

beforeAll(async () => {
  world = await openWorld();
  const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 12, minute));
  const turn = (minute: number, content: string) => ({
    content,
    eventAt: at(minute),
    source: { conversationId: 'standup' },
  });
  // In event-time order: cosines 0, 1, 0, 0.6, 0 with the query.
  const [t0, t1, t2, t3, t4] = await store(world, world.alice, [
    turn(0, 'Alice: morning all'),
    turn(1, 'Alice: the deploy is blocked on the migration'),
    turn(2, 'Alice: any news?'),
    turn(4, 'Alice: the migration finished'),
    turn(5, 'Alice: great, shipping'),
  ]);
  Object.assign(ids, { t0, t1, t2, t3, t4 });
  // A second conversation of questions and replies: cosines 0.6, 0, 0.8, 0.
  const retro = (minute: number, content: string) => ({ ...turn(minute, content), source: { conversationId: 'retro' } });
  const [q0, a1, q2, a3] = await store(world, world.alice, [
    retro(0, 'Alice: what broke the build?'),
    retro(1, 'Bob: the lockfile.'),
    retro(2, 'Alice: and what held up the deploy?'),
    retro(3, 'Bob: the migration.'),
  ]);
  Object.assign(ids, { q0, a1, q2, a3 });
  ids.alone = (await store(world, world.alice, [{ content: 'A note of its own.' }]))[0]!;
  // Bob's memory of a conversation with the same name, between t2 and t3 in time, in his own scope.
  ids.bob = (await store(world, world.bob, [turn(3, 'Bob: the migration')]))[0]!;
  const vectors: Record<string, number[]> = {
    t0: unitVector(0, 1, 0, 0),
    t1: unitVector(1, 0, 0, 0),
    t2: unitVector(0, 1, 0, 0),
    t3: unitVector(0.6, 0.8, 0, 0),
    t4: unitVector(0, 0, 1, 0),
    alone: unitVector(1, 1, 0, 0),
    bob: unitVector(1, 0, 0, 0),
    q0: unitVector(0.6, 0.8, 0, 0),
    a1: unitVector(0, 1, 0, 0),
    q2: unitVector(0.8, 0.6, 0, 0),
    a3: unitVector(0, 0, 1, 0),
  };
  await storeNamedVectors(world, MODEL, ids, vectors);
});
afterAll(() => world.database.close());

async function signals(who: World['alice'], memoryIds: string[], questionFactor = 1): Promise<ConversationSignalRow[]> {
  return world.database.asUser(who, async (tx) =>
    rowsOf<ConversationSignalRow>(await tx.execute(conversationSignalsStatement(memoryIds, QUERY, questionFactor))),
  );
}

async function contextCosine(who: World['alice'], key: string, questionFactor = 1): Promise<number | null> {
  const [row] = await signals(who, [ids[key]!], questionFactor);
  return row?.context_cosine === null || row?.context_cosine === undefined ? null : Number(row.context_cosine);
}

describe('the adjacent memories\' cosine', () => {
  it('is the best cosine of the memory just before and the one just after', async () => {
    expect(await contextCosine(world.alice, 't0')).toBeCloseTo(1, 6);
    expect(await contextCosine(world.alice, 't2')).toBeCloseTo(1, 6);
    expect(await contextCosine(world.alice, 't4')).toBeCloseTo(0.6, 6);
  });

  it('leaves out memories two places away and the memory itself', async () => {
    // t3's adjacent memories are t2 and t4 (cosine 0); t1 (cosine 1) is two places away.
    expect(await contextCosine(world.alice, 't3')).toBeCloseTo(0, 6);
    expect(await contextCosine(world.alice, 't1')).toBeCloseTo(0, 6);
  });

  it("never reaches another owner's memory of a conversation with the same name", async () => {
    // Bob's turn lies between t2 and t3 in time and has cosine 1; neither side sees it.
    expect(await contextCosine(world.alice, 't3')).toBeCloseTo(0, 6);
    expect(await contextCosine(world.bob, 'bob')).toBeNull();
  });

  it('counts the question just before a reply `questionFactor` times, capped at 1', async () => {
    // a1 follows q0 (0.6, asks) and precedes q2 (0.8): 0.9 beats the question after it.
    expect(await contextCosine(world.alice, 'a1', 1.5)).toBeCloseTo(0.9, 6);
    expect(await contextCosine(world.alice, 'a1')).toBeCloseTo(0.8, 6);
    // a3 follows q2: 1.2, capped.
    expect(await contextCosine(world.alice, 'a3', 1.5)).toBeCloseTo(1, 6);
    // A statement before (t3, 0.6) and a question after (q2 seen from a1) count as they are.
    expect(await contextCosine(world.alice, 't4', 1.5)).toBeCloseTo(0.6, 6);
    expect(await contextCosine(world.alice, 'q0', 1.5)).toBeCloseTo(0, 6);
  });

  it('is null for a memory outside any conversation, and for one the caller cannot read', async () => {
    expect(await contextCosine(world.alice, 'alone')).toBeNull();
    expect(await contextCosine(world.bob, 't2')).toBeNull();
  });
});

describe('a memory that asks', () => {
  const asks = async (text: string) => {
    const [id] = await store(world, world.alice, [{ content: text }]);
    const [row] = await signals(world.alice, [id!]);
    return row?.asks;
  };

  it('holds for a text whose last sentence asks, closing quotes and spaces aside', async () => {
    expect(await asks('That is so nice! What pet do you have?')).toBe(true);
    expect(await asks('She asked, "Why now?"\n')).toBe(true);
    expect(await asks('Which one？')).toBe(true);
  });

  it('does not hold for a text that answers after asking', async () => {
    expect(await asks('Why? Because the migration was late.')).toBe(false);
    expect(await asks('We got another cat named Bailey.')).toBe(false);
  });
});

describe('the statement', () => {
  it('answers every readable memory asked for at once, and none without a vector of the query', async () => {
    const rows = await signals(world.alice, [ids.t0!, ids.t4!, ids.bob!]);
    expect(new Map(rows.map((r) => [r.memory_id, Number(r.context_cosine)]))).toEqual(
      new Map([[ids.t0!, expect.closeTo(1, 6)], [ids.t4!, expect.closeTo(0.6, 6)]]),
    );
    const [row] = await world.database.asUser(world.alice, async (tx) =>
      rowsOf<ConversationSignalRow>(await tx.execute(conversationSignalsStatement([ids.t0!], null))),
    );
    expect(row).toEqual({ memory_id: ids.t0, context_cosine: null, asks: false });
  });
});
