import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeEmbeddingsServer,
  type FakeEmbeddingsServer,
} from '../test/fake-embeddings-server';
import { createOpenAiEmbedder } from './providers/openai';
import { withQueryCache } from './query-cache';

describe('query cache', () => {
  let server: FakeEmbeddingsServer;
  beforeAll(async () => {
    server = await startFakeEmbeddingsServer(26);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const cached = (capacity: number) =>
    withQueryCache(createOpenAiEmbedder({ url: server.url, model: 'm', dimensions: 26 }), capacity);
  const inputs = () => server.requests.map((r) => r.body.input);

  it('answers a repeated query from the cache, and embeds a repeated text once per call', async () => {
    const e = cached(8);
    const [first] = await e.embed(['where is the config?'], 'query');
    const [again, other, dup] = await e.embed(
      ['where is the config?', 'new one', 'new one'],
      'query',
    );
    expect(inputs()).toEqual([['where is the config?'], ['new one']]);
    expect(Array.from(again ?? [])).toEqual(Array.from(first ?? []));
    expect(Array.from(dup ?? [])).toEqual(Array.from(other ?? []));
  });

  it('never caches documents', async () => {
    const e = cached(8);
    await e.embed(['doc'], 'document');
    await e.embed(['doc'], 'document');
    expect(inputs()).toEqual([['doc'], ['doc']]);
  });

  it('evicts the least recently used query', async () => {
    const e = cached(2);
    await e.embed(['a'], 'query');
    await e.embed(['b'], 'query');
    await e.embed(['a'], 'query'); // a is now the most recent
    await e.embed(['c'], 'query'); // evicts b
    await e.embed(['a'], 'query');
    await e.embed(['b'], 'query');
    expect(inputs()).toEqual([['a'], ['b'], ['c'], ['b']]);
  });

  it('hands out copies, so a caller cannot corrupt the cached vector', async () => {
    const e = cached(8);
    const [v] = await e.embed(['stable'], 'query');
    v?.fill(0);
    const [again] = await e.embed(['stable'], 'query');
    expect(Math.hypot(...(again ?? []))).toBeCloseTo(1, 5);
  });
});
