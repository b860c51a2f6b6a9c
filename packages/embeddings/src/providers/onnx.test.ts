import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '@svc/errors';
import { installNetworkTripwire } from '../../test/network-tripwire';
import { expectedMeanVector, writeTinyModel, type TinyModel } from '../../test/onnx/tiny-model';
import { cosineSimilarity, toUnitVector } from '../vectors';
import { createOnnxEmbedder } from './onnx';

const WORDS = 'the cat sat on mat a kitten rested rug dog ran in park tax filing deadline'.split(
  ' ',
);

async function loadError(promise: Promise<unknown>): Promise<ServiceError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ServiceError);
  return err as ServiceError;
}

describe('onnx provider with a tiny model the test builds', () => {
  let root: string;
  let dir: string;
  let tiny: TinyModel;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'svc-onnx-'));
    dir = join(root, 'tiny-bag-of-words');
    tiny = await writeTinyModel(dir, { words: WORDS, dimensions: 16 });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('loads from the directory with the network blocked and embeds as mean pooling says', async () => {
    const embedder = createOnnxEmbedder({ source: { modelDir: dir } });
    expect(embedder.model).toBe('onnx:tiny-bag-of-words');
    const tripwire = installNetworkTripwire();
    try {
      await embedder.warm();
    } finally {
      tripwire.restore();
    }
    expect(tripwire.attempts).toEqual([]);
    expect(await embedder.dimensions()).toBe(16);

    const texts = ['the cat sat on the mat', 'dog ran in park'];
    const vectors = await embedder.embed(texts, 'document');
    vectors.forEach((v, i) => {
      expect(v).toHaveLength(16);
      expect(Math.hypot(...v)).toBeCloseTo(1, 5);
      const expected = toUnitVector(expectedMeanVector(tiny, texts[i] ?? ''));
      expect(cosineSimilarity(v, expected)).toBeCloseTo(1, 5);
    });
    await embedder.close();
  });

  it('embeds identical texts identically and different texts differently, padding included', async () => {
    const embedder = createOnnxEmbedder({ source: { modelDir: dir }, batchSize: 3 });
    const [a, b, c, d, e] = await embedder.embed(
      ['the cat sat', 'The Cat  sat', 'dog ran in park', 'the cat sat', 'a kitten rested on a rug'],
      'document',
    );
    if (!a || !b || !c || !d || !e) throw new Error('missing vectors');
    expect(Array.from(b)).toEqual(Array.from(a)); // the tokenizer lowercases and splits on whitespace
    // Same text, one batch padded to a longer neighbour and one not: the mask keeps padding out.
    expect(cosineSimilarity(a, d)).toBeCloseTo(1, 6);
    expect(cosineSimilarity(a, c)).toBeLessThan(0.99);
    expect(cosineSimilarity(a, e)).toBeLessThan(0.99);
    await embedder.close();
  });

  it('prefixes queries and documents as configured', async () => {
    const embedder = createOnnxEmbedder({
      source: { modelDir: dir },
      queryPrefix: 'tax ',
      documentPrefix: 'rug ',
    });
    const [query] = await embedder.embed(['cat'], 'query');
    const [doc] = await embedder.embed(['cat'], 'document');
    const expected = (text: string) => toUnitVector(expectedMeanVector(tiny, text));
    expect(cosineSimilarity(query ?? [], expected('tax cat'))).toBeCloseTo(1, 5);
    expect(cosineSimilarity(doc ?? [], expected('rug cat'))).toBeCloseTo(1, 5);
    await embedder.close();
  });

  it('fails clearly on a missing directory, and on one without its model file, then recovers', async () => {
    const missing = createOnnxEmbedder({ source: { modelDir: join(root, 'nope') } });
    const err = await loadError(missing.embed(['x'], 'query'));
    expect(err.code).toBe('internal');
    expect(err.message).toBe(`ONNX embedding model directory not found: ${join(root, 'nope')}`);
    expect(missing.isWarm()).toBe(false);

    const partial = join(root, 'partial');
    await writeTinyModel(partial, { words: WORDS, dimensions: 4 });
    await unlink(join(partial, 'onnx', 'model.onnx'));
    const embedder = createOnnxEmbedder({ source: { modelDir: partial } });
    expect((await loadError(embedder.warm())).message).toContain('lacks onnx/model.onnx');
    await writeTinyModel(partial, { words: WORDS, dimensions: 4 });
    await embedder.warm(); // the failed load was not cached
    expect(await embedder.dimensions()).toBe(4);
    await embedder.close();
  });

  it('never goes to the hub for a model id unless remote models are allowed', async () => {
    const embedder = createOnnxEmbedder({ source: { modelId: 'svc-test/not-downloaded' } });
    expect(embedder.model).toBe('onnx:svc-test/not-downloaded');
    const tripwire = installNetworkTripwire();
    let err: ServiceError;
    try {
      err = await loadError(embedder.warm());
    } finally {
      tripwire.restore();
    }
    expect(tripwire.attempts).toEqual([]);
    expect(err.message).toBe(
      'ONNX embedding model onnx:svc-test/not-downloaded is not on disk and remote models are not allowed',
    );
  });
});
