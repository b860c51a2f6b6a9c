import { describe, expect, it } from 'vitest';
import type { EmbedPurpose } from '../embedder';
import { BatchQueue } from './batch-queue';

/** A runner that records each batch and answers only when the test releases it. */
function gatedRunner() {
  const batches: { texts: string[]; purpose: EmbedPurpose; release(): void; fail(err: Error): void }[] = [];
  const run = (texts: string[], purpose: EmbedPurpose) =>
    new Promise<number[][]>((resolve, reject) => {
      batches.push({
        texts,
        purpose,
        release: () => resolve(texts.map((t) => [t.length, purpose === 'query' ? 1 : 0])),
        fail: reject,
      });
    });
  return { batches, run };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchQueue', () => {
  it('merges requests that arrive while the runner is busy into one batch, answering each its own', async () => {
    const { batches, run } = gatedRunner();
    const queue = new BatchQueue({ batchSize: 8, concurrency: 1, run });
    const first = queue.embed(['a'], 'document');
    const second = queue.embed(['bb', 'ccc'], 'document');
    const third = queue.embed(['dddd'], 'document');
    expect(batches.map((b) => b.texts)).toEqual([['a']]);
    expect(queue.waiting).toBe(3);
    batches[0]!.release();
    await first;
    await flush();
    expect(batches.map((b) => b.texts)).toEqual([['a'], ['bb', 'ccc', 'dddd']]);
    batches[1]!.release();
    expect(await second).toEqual([[2, 0], [3, 0]]);
    expect(await third).toEqual([[4, 0]]);
  });

  it('sends a waiting query before waiting documents, and never mixes purposes in a batch', async () => {
    const { batches, run } = gatedRunner();
    const queue = new BatchQueue({ batchSize: 8, concurrency: 1, run });
    void queue.embed(['doc 1'], 'document');
    const later = queue.embed(['doc 2'], 'document');
    const query = queue.embed(['query'], 'query');
    batches[0]!.release();
    await flush();
    expect(batches[1]).toMatchObject({ texts: ['query'], purpose: 'query' });
    batches[1]!.release();
    expect(await query).toEqual([[5, 1]]);
    await flush();
    expect(batches[2]).toMatchObject({ texts: ['doc 2'], purpose: 'document' });
    batches[2]!.release();
    expect(await later).toEqual([[5, 0]]);
  });

  it('sends a document that has waited its patience out before waiting queries', async () => {
    const { batches, run } = gatedRunner();
    let clock = 0;
    const queue = new BatchQueue({ batchSize: 8, concurrency: 1, run, documentPatienceMs: 1000, now: () => clock });
    void queue.embed(['q 0'], 'query');
    const doc = queue.embed(['doc'], 'document');
    void queue.embed(['q 1'], 'query');
    clock = 999;
    batches[0]!.release();
    await flush();
    expect(batches[1]).toMatchObject({ texts: ['q 1'], purpose: 'query' });
    void queue.embed(['q 2'], 'query');
    clock = 1000;
    batches[1]!.release();
    await flush();
    expect(batches[2]).toMatchObject({ texts: ['doc'], purpose: 'document' });
    batches[2]!.release();
    expect(await doc).toEqual([[3, 0]]);
    await flush();
    expect(batches[3]).toMatchObject({ texts: ['q 2'], purpose: 'query' });
  });

  it('keeps batches within batchSize and runs up to `concurrency` at once', async () => {
    const { batches, run } = gatedRunner();
    const queue = new BatchQueue({ batchSize: 3, concurrency: 2, run });
    const all = ['a', 'b', 'c', 'd', 'e'].map((t) => queue.embed([t, t], 'document'));
    expect(batches.map((b) => b.texts)).toEqual([['a', 'a'], ['b', 'b']]);
    batches[0]!.release();
    await flush();
    // c+c fits, adding d+d would exceed 3.
    expect(batches.map((b) => b.texts)).toEqual([['a', 'a'], ['b', 'b'], ['c', 'c']]);
    for (let i = 1; i < 5; i++) {
      batches[i]!.release();
      await flush();
    }
    expect((await Promise.all(all)).map((v) => v.length)).toEqual([2, 2, 2, 2, 2]);
  });

  it('fails only the requests of a failed batch and goes on with the next', async () => {
    const { batches, run } = gatedRunner();
    const queue = new BatchQueue({ batchSize: 1, concurrency: 1, run });
    const bad = queue.embed(['x'], 'query');
    const good = queue.embed(['yy'], 'query');
    batches[0]!.fail(new Error('model broke'));
    await expect(bad).rejects.toThrow('model broke');
    await flush();
    batches[1]!.release();
    expect(await good).toEqual([[2, 1]]);
  });

  it('refuses a runner answer of the wrong length', async () => {
    const queue = new BatchQueue({ batchSize: 4, concurrency: 1, run: () => Promise.resolve([[1]]) });
    await expect(queue.embed(['a', 'b'], 'document')).rejects.toThrow(/1 vectors for 2 texts/);
  });
});
