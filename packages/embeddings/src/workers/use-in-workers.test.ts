import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '../create-embedder';
import type { Embedder } from '../embedder';
import { createUseEmbedder, USE_MODEL_ID } from '../providers/use';
import { createUseWorkerEmbedder } from './use-in-workers';

const TEXTS = [
  'the cat sat on the mat',
  'Deploys go through the staging cluster first',
  'Ein deutscher Satz',
  '',
  '🙂 emoji only',
  'x'.repeat(9000),
];

describe('USE lite in worker threads', () => {
  let inThread: Embedder;
  let workers: Embedder;
  beforeAll(async () => {
    inThread = createUseEmbedder();
    workers = createUseWorkerEmbedder({ threads: 1, nice: 7 });
    await Promise.all([inThread.warm(), workers.warm()]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([inThread.close(), workers.close()]);
  });

  it.runIf(process.platform === 'linux')('runs the model thread at the niceness asked for, and no other thread of the process', () => {
    const niceness = readdirSync('/proc/self/task').map((tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));
    const base = niceness[0] ?? 0;
    expect(niceness.filter((n) => n === base + 7)).toHaveLength(1);
  });

  it('gives the very same vectors as the in-thread model, under the same model id', async () => {
    expect(workers.model).toBe(USE_MODEL_ID);
    const expected = await inThread.embed(TEXTS, 'document');
    const got = await workers.embed(TEXTS, 'document');
    expect(got).toHaveLength(TEXTS.length);
    got.forEach((v, i) => expect(Array.from(v)).toEqual(Array.from(expected[i]!)));
  });

  it('answers concurrent callers each with their own vectors (merged into shared batches)', async () => {
    const texts = Array.from({ length: 40 }, (_, i) => `memory ${i}: the agent prefers ${i % 7} tabs`);
    const expected = await inThread.embed(texts, 'document');
    const answers = await Promise.all(texts.map((t, i) => workers.embed([t], i % 2 ? 'query' : 'document')));
    // Batched with other texts than in the reference run: ONNX Runtime's matrix kernels may add
    // in another order for another batch shape, so values agree to float rounding, not bit for bit.
    answers.forEach(([v], i) => Array.from(v!).forEach((x, j) => expect(x).toBeCloseTo(expected[i]![j]!, 6)));
  });

  it('leaves the event loop free while the model computes: callbacks queued after the request run before its answer', async () => {
    const texts = Array.from({ length: 32 }, (_, i) => `a sentence long enough to take the model some time, number ${i}`);
    let turns = 0;
    let done = false;
    const spin = async () => {
      while (!done) {
        await new Promise((resolve) => setImmediate(resolve));
        turns += 1;
      }
    };
    const spinning = spin();
    const turnsWhenAnswered = await workers.embed(texts, 'document').then(() => turns);
    done = true;
    await spinning;
    // In the serving thread one batch is a single synchronous ONNX Runtime run: no turn in between.
    expect(turnsWhenAnswered).toBeGreaterThan(1);
  });
});

describe('createEmbedder and worker threads', () => {
  it('runs the default provider in one worker thread, and in the serving thread with 0', async () => {
    const byDefault = createEmbedder({});
    const inline = createEmbedder({ provider: 'use', workerThreads: 0 });
    try {
      const [a] = await byDefault!.embed(['same text'], 'document');
      const [b] = await inline!.embed(['same text'], 'document');
      expect(Array.from(a!)).toEqual(Array.from(b!));
    } finally {
      await byDefault?.close();
      await inline?.close();
    }
  }, 120_000);
});

describe('closing the worker threads', () => {
  it('lets a batch the thread is computing finish: ONNX Runtime aborts the process when a thread ends inside a run', async () => {
    const embedder = createUseWorkerEmbedder({ threads: 1 });
    await embedder.warm();
    // One batch (the provider's four texts), near the longest text the model takes.
    const texts = Array.from({ length: 4 }, (_, i) => `note ${i} on the staging cluster's certificates and who gets paged. `.repeat(100));
    const answer = embedder.embed(texts, 'document');
    // Long enough for the batch to reach the thread, far shorter than computing it.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const closing = embedder.close();
    const vectors = await answer;
    await closing;
    expect(vectors).toHaveLength(texts.length);
    expect(vectors.every((v) => v.length === 512)).toBe(true);
    await expect(embedder.embed(['after close'], 'document')).rejects.toThrow();
  }, 120_000);
});
