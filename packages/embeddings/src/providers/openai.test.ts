import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '@svc/errors';
import {
  embeddingsAnswer,
  letterVector,
  sendJson,
  startFakeEmbeddingsServer,
  type FakeEmbeddingsServer,
} from '../../test/fake-embeddings-server';
import { toUnitVector } from '../vectors';
import { createOpenAiEmbedder } from './openai';

const API_KEY = 'sk-test-0123456789abcdefSECRET';

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ServiceError);
  const serviceError = err as ServiceError;
  // The key must not leak through the message, the details or the logged cause chain.
  const everything = [
    serviceError.message,
    String(JSON.stringify(serviceError.details)),
    String(serviceError.cause),
  ];
  for (const text of everything) expect(text).not.toContain(API_KEY);
  return serviceError;
}

describe('openai provider against a local OpenAI-compatible server', () => {
  let server: FakeEmbeddingsServer;
  beforeAll(async () => {
    server = await startFakeEmbeddingsServer(26);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.behave(embeddingsAnswer(26));
  });

  const embedder = (extra: Partial<Parameters<typeof createOpenAiEmbedder>[0]> = {}) =>
    createOpenAiEmbedder({
      url: server.url,
      apiKey: API_KEY,
      model: 'text-embedding-test',
      ...extra,
    });

  it('sends the real request body and returns unit vectors in input order', async () => {
    const e = embedder({ dimensions: 26 });
    const texts = ['alpha', 'bravo charlie', 'delta'];
    const vectors = await e.embed(texts, 'document');
    expect(server.requests).toHaveLength(1); // configured dimensions: no probe request
    const [req] = server.requests;
    expect(req?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.body).toEqual({
      model: 'text-embedding-test',
      input: texts,
      encoding_format: 'float',
      dimensions: 26,
    });
    vectors.forEach((v, i) => {
      expect(Math.hypot(...v)).toBeCloseTo(1, 5);
      expect(Array.from(v)).toEqual(Array.from(toUnitVector(letterVector(texts[i] ?? '', 26))));
    });
    expect(e.model).toBe('openai:text-embedding-test@26');
  });

  it('orders by `index` when the server answers out of order', async () => {
    server.behave(embeddingsAnswer(26, { reverse: true }));
    const texts = ['first text', 'second', 'the third one'];
    const vectors = await embedder({ dimensions: 26 }).embed(texts, 'query');
    vectors.forEach((v, i) => {
      expect(Array.from(v)).toEqual(Array.from(toUnitVector(letterVector(texts[i] ?? '', 26))));
    });
  });

  it('learns the width from one probe when dimensions are not configured, then batches', async () => {
    const e = embedder({ batchSize: 4 });
    expect(e.model).toBe('openai:text-embedding-test');
    expect(await e.dimensions()).toBe(26);
    expect(e.isWarm()).toBe(true);
    const vectors = await e.embed(
      Array.from({ length: 10 }, (_, i) => `text ${i}`),
      'document',
    );
    expect(vectors).toHaveLength(10);
    expect(server.requests.map((r) => r.body.input?.length)).toEqual([1, 4, 4, 2]);
    expect(server.requests[0]?.body).not.toHaveProperty('dimensions');
  });

  it('adds the configured prefix per purpose', async () => {
    const e = embedder({ dimensions: 26, queryPrefix: 'query: ', documentPrefix: 'passage: ' });
    await e.embed(['q'], 'query');
    await e.embed(['d'], 'document');
    expect(server.requests.map((r) => r.body.input)).toEqual([['query: q'], ['passage: d']]);
  });

  it('classifies 429 as rate_limited with the server’s Retry-After', async () => {
    server.behave((_req, res) =>
      sendJson(res, 429, { error: { message: 'slow down' } }, { 'retry-after': '7' }),
    );
    const err = await failure(embedder({ dimensions: 26 }).embed(['x'], 'query'));
    expect(err.code).toBe('rate_limited');
    expect(err.details).toEqual({ status: 429, retryAfterSeconds: 7 });
  });

  it('classifies 500 and 401 as internal, even when the server echoes the key back', async () => {
    server.behave((req, res) =>
      sendJson(res, 500, { error: { message: `boom for ${req.headers.authorization}` } }),
    );
    const err500 = await failure(embedder({ dimensions: 26 }).embed(['x'], 'query'));
    expect(err500.code).toBe('internal');
    expect(err500.details).toEqual({ status: 500 });
    expect(String(err500.cause)).toContain('[redacted]');

    server.behave((_req, res) =>
      sendJson(res, 401, { error: { message: `Incorrect API key provided: ${API_KEY}` } }),
    );
    const err401 = await failure(embedder({ dimensions: 26 }).embed(['x'], 'query'));
    expect(err401.code).toBe('internal');
    expect(err401.message).toBe('The embedding endpoint answered HTTP 401');
  });

  it('times out a server that never answers', async () => {
    server.behave(() => new Promise(() => undefined)); // holds the request open
    const started = performance.now();
    const err = await failure(embedder({ dimensions: 26, timeoutMs: 300 }).embed(['x'], 'query'));
    expect(err.code).toBe('internal');
    expect(err.message).toContain('did not answer within 300 ms');
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('reports an unreachable endpoint and a malformed answer as internal', async () => {
    const closed = await startFakeEmbeddingsServer();
    await closed.close();
    const unreachable = await failure(
      createOpenAiEmbedder({ url: closed.url, apiKey: API_KEY, model: 'm', dimensions: 3 }).embed(
        ['x'],
        'query',
      ),
    );
    expect(unreachable.message).toBe('The embedding endpoint is unreachable');

    server.behave((_req, res) =>
      sendJson(res, 200, { data: [{ embedding: [1, 2, 3], index: 5 }] }),
    );
    expect((await failure(embedder({ dimensions: 3 }).embed(['x'], 'query'))).code).toBe(
      'internal',
    );
    server.behave((_req, res) => sendJson(res, 200, { data: 'nope' }));
    expect((await failure(embedder({ dimensions: 3 }).embed(['x'], 'query'))).message).toContain(
      'unexpected shape',
    );
  });

  it('refuses vectors of another width than configured', async () => {
    server.behave(embeddingsAnswer(26, { ignoreDimensions: true }));
    const err = await failure(embedder({ dimensions: 8 }).embed(['x'], 'query'));
    expect(err.message).toContain('malformed vector');
  });

  it('retries a failed probe on the next call instead of caching the failure', async () => {
    server.behave((_req, res) => sendJson(res, 503, {}));
    const e = embedder();
    await failure(e.warm());
    expect(e.isWarm()).toBe(false);
    server.behave(embeddingsAnswer(26));
    await e.warm();
    expect(await e.dimensions()).toBe(26);
  });
});
