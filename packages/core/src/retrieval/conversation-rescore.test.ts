// The second look at the best candidates: their conversation signals, their scores again, the order again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorld, store, storeNamedVectors, unitVector, type World } from '../../test/retrieval-support';
import {
  rescoreDepth,
  rescoreWithConversation,
  usesConversationSignals,
  type ConversationSignals,
} from './conversation-rescore';
import type { Rankable } from './fusion';
import { resolveTuning } from './tuning';

const MODEL = 'unit-4';
const VECTOR = { model: MODEL, vector: unitVector(1, 0, 0, 0) };

let world: World;
const ids: Record<string, string> = {};

beforeAll(async () => {
  world = await openWorld();
  const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 12, minute));
  const turns = ['Any pets at home?', 'A cat named Bailey.', 'Lovely.', 'See you Monday.'];
  const stored = await store(
    world,
    world.alice,
    turns.map((content, i) => ({ content, eventAt: at(i), source: { conversationId: 'chat' } })),
  );
  ['question', 'reply', 'lovely', 'monday'].forEach((key, i) => (ids[key] = stored[i]!));
  const [plans, dentist] = await store(world, world.alice, [
    { content: 'Anything planned for Monday?', eventAt: at(0), source: { conversationId: 'week' } },
    { content: 'A dentist visit.', eventAt: at(1), source: { conversationId: 'week' } },
  ]);
  Object.assign(ids, { plans: plans!, dentist: dentist! });
  const vectors: Record<string, number[]> = {
    question: unitVector(1, 0, 0, 0),
    reply: unitVector(0, 1, 0, 0),
    lovely: unitVector(0, 0, 1, 0),
    monday: unitVector(0.5, 0, 0, 1),
    plans: unitVector(0.5, 0, 0, 1),
    dentist: unitVector(0, 1, 0, 0),
  };
  await storeNamedVectors(world, MODEL, ids, vectors);
});
afterAll(() => world.database.close());

type Item = Rankable & { key: string; seen?: ConversationSignals };
const item = (key: string, score: number): Item => ({
  key,
  memoryId: ids[key]!,
  score,
  kind: 'note',
  importance: 0.5,
  orderedAt: 0,
});
/** The rescore of these tests: the adjacent cosine is the score, a memory that asks loses half. */
const rescore = (it: Item, s: ConversationSignals): Item => ({
  ...it,
  seen: s,
  score: (s.contextCosine ?? 0) * (s.asks ? 0.5 : 1),
});

const run = (ranked: Item[], depth: number, tuning = resolveTuning(), vector: typeof VECTOR | null = VECTOR) =>
  world.database.asUser(world.alice, (tx) =>
    rescoreWithConversation(tx, ranked, { vector, tuning, depth }, rescore),
  );

describe('rescoreWithConversation', () => {
  it('gives the first `depth` their signals, scores them again and sorts the whole list again', async () => {
    const ranked = [item('question', 0.9), item('lovely', 0.8), item('reply', 0.7), item('monday', 0.6)];
    const out = await run(ranked, 3);
    expect(out.map((r) => r.key)).toEqual(['reply', 'monday', 'lovely', 'question']);
    const by = new Map(out.map((r) => [r.key, r]));
    // The reply's neighbours are the question (cosine 1) and "Lovely." (0).
    expect(by.get('reply')!.seen).toEqual({ contextCosine: expect.closeTo(1, 6), asks: false });
    // The question asks; its one neighbour, the reply, has cosine 0.
    expect(by.get('question')!.seen).toEqual({ contextCosine: expect.closeTo(0, 6), asks: true });
    // "Lovely." sits between the reply (0) and "See you Monday." (0.45).
    expect(by.get('lovely')!.score).toBeCloseTo(0.5 / Math.hypot(0.5, 1), 6);
    // Fourth, past the depth: untouched.
    expect(by.get('monday')!.seen).toBeUndefined();
    expect(by.get('monday')!.score).toBe(0.6);
  });

  it('counts the question just before a memory questionBeforeFactor times', async () => {
    const plans = 0.5 / Math.hypot(0.5, 1);
    const [plain] = await run([item('dentist', 0.5)], 5, resolveTuning({ questionBeforeFactor: 1 }));
    expect(plain!.seen!.contextCosine).toBeCloseTo(plans, 6);
    const [counted] = await run([item('dentist', 0.5)], 5);
    expect(counted!.seen!.contextCosine).toBeCloseTo(1.5 * plans, 6);
  });

  it('reads no neighbour without a query vector, or with the weight at 0, but still finds who asks', async () => {
    for (const [tuning, vector] of [
      [resolveTuning(), null],
      [resolveTuning({ contextVectorWeight: 0 }), VECTOR],
    ] as const) {
      const out = await run([item('question', 0.9), item('reply', 0.7)], 5, tuning, vector);
      expect(Object.fromEntries(out.map((r) => [r.key, r.seen]))).toEqual({
        question: { contextCosine: null, asks: true },
        reply: { contextCosine: null, asks: false },
      });
    }
  });

  it('does nothing when neither signal can change a score', async () => {
    const off = resolveTuning({ contextVectorWeight: 0, questionPenalty: 0 });
    expect(usesConversationSignals(VECTOR, off)).toBe(false);
    const ranked = [item('question', 0.9), item('reply', 0.7)];
    const out = await run(ranked, 5, off);
    expect(out.map((r) => [r.key, r.score, r.seen])).toEqual([
      ['question', 0.9, undefined],
      ['reply', 0.7, undefined],
    ]);
  });

  it("never gives another user's memories signals", async () => {
    const out = await world.database.asUser(world.bob, (tx) =>
      rescoreWithConversation(tx, [item('reply', 0.7)], { vector: VECTOR, tuning: resolveTuning(), depth: 5 }, rescore),
    );
    expect(out[0]!.seen).toBeUndefined();
  });

  it('looks at three times the page, and at least 30', () => {
    expect(rescoreDepth(10, 0)).toBe(30);
    expect(rescoreDepth(20, 0)).toBe(60);
    expect(rescoreDepth(10, 20)).toBe(90);
  });
});
