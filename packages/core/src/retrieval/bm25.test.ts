// The SQL ranker's BM25F scores equal an in-process reference on a tiny corpus, fields included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bm25f, lexemes, type Bag, type RefDoc } from '../../test/bm25-reference';
import { openWorld, store, type World } from '../../test/retrieval-support';
import { lexicalScores } from './lexical-scores';
import { resolveTuning } from './tuning';

let world: World;
const empty = (): Bag => new Map();

beforeAll(async () => {
  world = await openWorld();
});
afterAll(() => world.database.close());

function expectScores(
  actual: { memoryId: string; score: number }[],
  expected: Map<string, number>,
) {
  expect(new Set(actual.map((a) => a.memoryId))).toEqual(new Set(expected.keys()));
  // A word's field-weighted frequency comes from ts_rank_cd, a float4 (about 7 significant
  // digits, migration 0042); searches compare scores rounded to 4 decimals.
  for (const a of actual)
    expect(a.score, a.memoryId).toBeCloseTo(expected.get(a.memoryId) ?? NaN, 6);
}

describe('BM25 in SQL', () => {
  it('matches the reference for plain memories, counting only what the caller can see', async () => {
    const texts = [
      'Deploy the billing service on Friday',
      'The deploy failed twice; deploy again after lunch',
      'Friday lunch plans with the team',
      'An unrelated note about cats and their habits in the garden',
    ];
    const ids = await store(
      world,
      world.alice,
      texts.map((content) => ({ content })),
    );
    // Bob's words must change neither N nor any document frequency of Alice's search.
    await store(world, world.bob, [{ content: 'deploy deploy deploy friday lunch' }]);
    const tuning = resolveTuning({ k1: 1.2, b: 0.75 });
    const query = 'When do we deploy on Friday after lunch?';
    const actual = await world.database.asUser(world.alice, (tx) =>
      lexicalScores(tx, query, { scopeIds: [world.alice.personal] }, tuning),
    );
    const docs: RefDoc[] = [];
    for (const [i, text] of texts.entries()) {
      docs.push({
        id: ids[i]!,
        own: await lexemes(world.database.db, text),
        speaker: empty(),
        context: empty(),
        date: empty(),
      });
    }
    expectScores(actual, bm25f(docs, await lexemes(world.database.db, query), tuning));
  });

  it('adds the speaker, neighbour and date fields of a conversation as BM25F fields', async () => {
    const eventAt = new Date('2023-05-08T13:56:00Z');
    const turns = [
      'Caroline: I went to a support group yesterday.',
      'Melanie: That sounds great. What did you paint last week?',
      'Caroline: A sunset over the lake.',
      'Melanie: Lovely colours!',
      'Caroline: Thanks, it took two days.',
    ];
    const scope = world.project.scope;
    const ids = await store(
      world,
      world.alice,
      turns.map((content) => ({
        content,
        scopeId: scope,
        eventAt,
        source: { conversationId: 'chat-1' },
      })),
    );
    const tuning = resolveTuning({
      k1: 1.2,
      b: 0.3,
      contextWeight: 0.35,
      dateWeight: 0.5,
      speakerBonus: 1,
    });
    const query = 'When did Caroline paint the sunset in 2023?';
    const actual = await world.database.asUser(world.alice, (tx) =>
      lexicalScores(tx, query, { scopeIds: [scope] }, tuning),
    );
    const db = world.database.db;
    const docs: RefDoc[] = [];
    for (const [i, text] of turns.entries()) {
      const neighbours = turns.filter((_, j) => j !== i && Math.abs(j - i) <= 2).join('\n');
      docs.push({
        id: ids[i]!,
        own: await lexemes(db, text),
        speaker: await lexemes(db, text.split(':')[0]!),
        context: await lexemes(db, neighbours),
        date: await lexemes(db, 'May 2023'),
      });
    }
    expectScores(actual, bm25f(docs, await lexemes(db, query), tuning));
  });

  it('past the common-word bound, scores only memories with an uncommon word, or the newest matches', async () => {
    const scope = world.project.scope;
    const ids = await store(world, world.alice, [
      { content: 'rollout rollout checklist', scopeId: scope },
      { content: 'rollout notes for the canary', scopeId: scope },
      { content: 'rollout window on sunday', scopeId: scope },
    ]);
    const tuning = resolveTuning({ commonTermDocs: 2, commonConjunctionDocs: 2 });
    const scored = (query: string) =>
      world.database.asUser(world.alice, (tx) =>
        lexicalScores(tx, query, { scopeIds: [scope] }, tuning),
      );
    // "rollout" is in three memories (common), "canary" in one: only the canary memory is scored.
    expect((await scored('rollout canary')).map((s) => s.memoryId)).toEqual([ids[1]]);
    // Every word common: the two newest matches.
    expect(new Set((await scored('rollout')).map((s) => s.memoryId))).toEqual(
      new Set([ids[1], ids[2]]),
    );
  });

  it('when every query word is common, scores the memories holding all of them', async () => {
    const scope = world.project.scope;
    const ids = await store(world, world.alice, [
      { content: 'deploy the service on friday', scopeId: scope },
      { content: 'deploy checklist for the release', scopeId: scope },
      { content: 'service owners and the release train', scopeId: scope },
      { content: 'the release notes', scopeId: scope },
    ]);
    const tuning = resolveTuning({ commonTermDocs: 1 });
    const scored = (query: string) =>
      world.database.asUser(world.alice, (tx) =>
        lexicalScores(tx, query, { scopeIds: [scope] }, tuning),
      );
    // "deploy", "service" and "release" are each in two or three memories (common at a bound of one):
    // only the memory holding both query words is scored, though it is not the newest match.
    expect((await scored('deploy release')).map((s) => s.memoryId)).toEqual([ids[1]]);
    expect((await scored('service release')).map((s) => s.memoryId)).toEqual([ids[2]]);
  });

  it('when every query word is common, scores only the newest commonConjunctionDocs memories holding all', async () => {
    const scope = world.project.scope;
    const ids = await store(world, world.alice, [
      { content: 'standup notes for the platform team', scopeId: scope },
      { content: 'platform team offsite agenda', scopeId: scope },
      { content: 'the platform team hiring plan', scopeId: scope },
    ]);
    const scored = (query: string, commonConjunctionDocs: number) =>
      world.database.asUser(world.alice, (tx) =>
        lexicalScores(tx, query, { scopeIds: [scope] }, resolveTuning({ commonTermDocs: 1, commonConjunctionDocs })),
      );
    // All three hold both words (common at a bound of one): the window takes the newest first.
    expect(new Set((await scored('platform team', 2)).map((s) => s.memoryId))).toEqual(new Set([ids[1], ids[2]]));
    expect(new Set((await scored('platform team', 3)).map((s) => s.memoryId))).toEqual(new Set(ids));
  });
});
