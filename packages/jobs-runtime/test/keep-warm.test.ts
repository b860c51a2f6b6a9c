// The embedding warm-up job: off without a model or at 0 minutes, otherwise one real embedding per run.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiEmbedder } from '@svc/embeddings';
import { everyHours, everyMinutes } from '../src';
import { keepWarmJob } from '../src/definitions/keep-warm';
import { captureLogs } from './helpers';

/** An OpenAI-compatible embeddings endpoint on loopback that records what it was asked to embed. */
const inputs: string[][] = [];
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const input = (JSON.parse(raw) as { input: string[] }).input;
      inputs.push(input);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: input.map((_, index) => ({ index, embedding: [1, 0, 0] })) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the embedding warm-up', () => {
  it('has no schedule without a model or at 0 minutes', () => {
    const embedder = createOpenAiEmbedder({ url, model: 'm', dimensions: 3 });
    expect(keepWarmJob(null, 5)).toBeNull();
    expect(keepWarmJob(embedder, 0)).toBeNull();
  });

  it('embeds one text each run, every KEEP_WARM_MINUTES', async () => {
    const embedder = createOpenAiEmbedder({ url, model: 'm', dimensions: 3 });
    const job = keepWarmJob(embedder, 5)!;
    expect(job.schedule).toBe('*/5 * * * *');
    const ctx = {
      ...captureLogs(),
      database: undefined as never,
      now: () => new Date(),
      signal: new AbortController().signal,
      runId: 't',
      data: {},
      lastAttempt: true,
    };
    inputs.length = 0;
    await job.handler(ctx);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]![0]).toContain('warm-up');
  });

  it('turns intervals into UTC cron expressions', () => {
    expect(everyMinutes(1)).toBe('*/1 * * * *');
    expect(everyMinutes(90)).toBe('0 */1 * * *');
    expect(everyHours(6)).toBe('0 */6 * * *');
    expect(everyHours(24)).toBe('0 0 * * *');
    expect(everyHours(72)).toBe('0 0 */3 * *');
    expect(() => everyMinutes(0)).toThrow(/whole number of minutes/);
  });
});
