// Hybrid search with the conversation signals: a reply is found through the question before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedder, openWorld, silentLogger, store, type World } from '../../test/retrieval-support';
import type { RetrievalDeps } from './deps';
import { indexMemories } from './embed-memories';
import { hybridSearch } from './hybrid-search';
import { resolveTuning, type RetrievalTuningInput } from './tuning';

let world: World;
const logger = silentLogger();
const embedder = fakeEmbedder();
const ids: Record<string, string> = {};

beforeAll(async () => {
  world = await openWorld();
  const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 12, minute));
  const turns = {
    trip: 'How was the trip to the coast?',
    beach: 'Windy, but the kids loved the beach.',
    fence: 'We also painted the fence on Sunday.',
    question: 'Do you keep any pets at home?',
    reply: 'Yes: a cat named Bailey, and a dog.',
    lovely: 'Lovely, I miss having animals around.',
    work: 'Work starts again on Monday for me.',
    garden: 'The garden needs weeding before then.',
    bye: 'Talk soon, say hi to everyone!',
  };
  const stored = await store(
    world,
    world.alice,
    Object.values(turns).map((content, i) => ({
      content,
      eventAt: at(i),
      source: { conversationId: 'chat' },
    })),
  );
  Object.keys(turns).forEach((key, i) => (ids[key] = stored[i]!));
  // A memory of its own sharing a word with the query: no neighbours, its own cosine stands in.
  ids.alone = (await store(world, world.alice, [{ content: 'Pets at home need a sitter in August.' }]))[0]!;
  await indexMemories({ database: world.database }, embedder, Object.values(ids), logger);
});
afterAll(() => world.database.close());

const ranked = async (query: string, tuning: RetrievalTuningInput = {}) => {
  const deps: RetrievalDeps = { embedder, logger, tuning: resolveTuning(tuning) };
  const results = await world.database.asUser(world.alice, (tx) =>
    hybridSearch(tx, { query, k: 10, scopeIds: [world.alice.personal] }, deps),
  );
  const key = new Map(Object.entries(ids).map(([k, id]) => [id, k]));
  return results.map((r) => ({ key: key.get(r.memoryId), score: r.score, why: r.why }));
};

describe('hybrid search with the conversation signals', () => {
  const QUERY = 'Which pets do they keep?';

  // The reply shares no word with the query; a memory of its own shares one. Only the question
  // beside the reply tells them apart.
  it('lifts the reply by the question beside it above a memory of its own, and says why', async () => {
    const results = await ranked(QUERY);
    const at = (k: string) => results.findIndex((r) => r.key === k);
    expect(at('reply')).toBeGreaterThanOrEqual(0);
    expect(at('reply')).toBeLessThan(at('alone'));
    expect(results[at('reply')]!.why).toMatch(/the memory beside it is closer in meaning/);
  });

  it('without the signals the memory of its own outranks the reply', async () => {
    const results = await ranked(QUERY, { contextVectorWeight: 0, questionPenalty: 0 });
    const at = (k: string) => results.findIndex((r) => r.key === k);
    expect(at('alone')).toBeLessThan(at('reply'));
    expect(results[at('reply')]!.why).not.toMatch(/beside it/);
  });

  it('takes questionPenalty off the score of a memory that asks', async () => {
    const plain = await ranked(QUERY, { questionPenalty: 0 });
    const penalised = await ranked(QUERY, { questionPenalty: 0.5 });
    const score = (rs: typeof plain, k: string) => rs.find((r) => r.key === k)!.score;
    expect(score(penalised, 'question')).toBeCloseTo(score(plain, 'question') * 0.5, 3);
    expect(score(penalised, 'reply')).toBe(score(plain, 'reply'));
  });
});
