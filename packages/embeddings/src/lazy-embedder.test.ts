import { describe, expect, it } from 'vitest';
import { ServiceError } from '@svc/errors';
import type { EmbedPurpose } from './embedder';
import { createLazyEmbedder, type LoadedModel } from './lazy-embedder';

/** A real, tiny model for exercising the shared life cycle: vowel counts plus length. */
function vowelModel(batches: string[][] = []): LoadedModel {
  return {
    dimensions: 6,
    embedBatch: async (texts: string[], _purpose: EmbedPurpose) => {
      batches.push(texts);
      return texts.map((t) => [...'aeiou'].map((v) => t.split(v).length - 1).concat(t.length));
    },
  };
}

describe('the shared embedder life cycle', () => {
  it('cuts a long list into batches of similar lengths and keeps input order', async () => {
    const batches: string[][] = [];
    const e = createLazyEmbedder({
      model: 'vowels',
      batchSize: 2,
      load: async () => vowelModel(batches),
    });
    const vectors = await e.embed(['oooo', 'a', 'iii', 'ee', 'u'], 'document');
    // Shortest first, ties in input order: a model pads each batch to its longest text.
    expect(batches).toEqual([['a', 'u'], ['ee', 'iii'], ['oooo']]);
    expect(vectors.map((v) => v.indexOf(Math.max(...v.slice(0, 5))))).toEqual([3, 0, 2, 1, 4]);
    // A list that fits one batch goes as given.
    await e.embed(['iii', 'a'], 'document');
    expect(batches.at(-1)).toEqual(['iii', 'a']);
    for (const v of vectors) expect(Math.hypot(...v)).toBeCloseTo(1, 6);
  });

  it('shares one load among concurrent callers and answers empty input without loading', async () => {
    let loads = 0;
    const e = createLazyEmbedder({
      model: 'vowels',
      batchSize: 8,
      load: async () => {
        loads += 1;
        await new Promise((r) => setTimeout(r, 20));
        return vowelModel();
      },
    });
    expect(await e.embed([], 'query')).toEqual([]);
    expect(loads).toBe(0);
    await Promise.all([e.warm(), e.embed(['x'], 'query'), e.dimensions(), e.warm()]);
    expect(loads).toBe(1);
  });

  it('hands every waiter the failure, wraps an unclassified one, and retries on the next call', async () => {
    let attempt = 0;
    const boom = new TypeError('disk on fire');
    const e = createLazyEmbedder({
      model: 'flaky',
      batchSize: 8,
      load: async () => {
        attempt += 1;
        if (attempt === 1) throw boom;
        return vowelModel();
      },
    });
    const results = await Promise.allSettled([e.warm(), e.embed(['x'], 'query')]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      const reason = (r as PromiseRejectedResult).reason as ServiceError;
      expect(reason).toBeInstanceOf(ServiceError);
      expect(reason.code).toBe('internal');
      expect(reason.message).toBe('Embedding model flaky failed to load');
      expect(reason.cause).toBe(boom);
    }
    expect(await e.embed(['x'], 'query')).toHaveLength(1);
    expect(attempt).toBe(2);
  });

  it('refuses malformed model output', async () => {
    const bad = (out: number[][]) =>
      createLazyEmbedder({
        model: 'bad',
        batchSize: 8,
        load: async () => ({ dimensions: 2, embedBatch: async () => out }),
      }).embed(['one'], 'query');
    await expect(bad([[1, Number.NaN]])).rejects.toThrow(/malformed vector/);
    await expect(bad([[1, 2, 3]])).rejects.toThrow(/malformed vector/);
    await expect(bad([])).rejects.toThrow(/returned 0 vectors for 1 texts/);
  });

  it('answers known dimensions without loading, and refuses a model of another width', async () => {
    let loads = 0;
    const e = createLazyEmbedder({
      model: 'vowels',
      dimensions: 7,
      batchSize: 8,
      load: async () => {
        loads += 1;
        return vowelModel();
      },
    });
    expect(await e.dimensions()).toBe(7);
    expect(loads).toBe(0);
    await expect(e.warm()).rejects.toThrow(
      'Embedding model vowels gives 6 dimensions, configured 7',
    );
  });

  it('sends a placeholder for empty text and cuts long text without splitting a surrogate pair', async () => {
    const batches: string[][] = [];
    const e = createLazyEmbedder({
      model: 'vowels',
      batchSize: 8,
      maxChars: 5,
      load: async () => vowelModel(batches),
    });
    await e.embed(['', 'abcdefgh', 'abcd🙂'], 'document');
    expect(batches[0]).toEqual([' ', 'abcde', 'abcd']);
  });

  it('disposes on close, including a model whose load finishes after close', async () => {
    let disposed = 0;
    let release: () => void = () => undefined;
    const e = createLazyEmbedder({
      model: 'slow',
      batchSize: 8,
      load: async () => {
        await new Promise<void>((r) => (release = r));
        return { ...vowelModel(), dispose: () => void (disposed += 1) };
      },
    });
    const warming = e.warm();
    const closing = e.close();
    release();
    await closing;
    await expect(warming).rejects.toThrow('Embedder slow is closed');
    expect(disposed).toBe(1);
    await expect(e.embed(['x'], 'query')).rejects.toThrow('Embedder slow is closed');
  });
});
