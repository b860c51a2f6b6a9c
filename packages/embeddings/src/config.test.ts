import { describe, expect, it } from 'vitest';
import { ServiceError } from '@svc/errors';
import { embeddingsConfigFromEnv, embeddingsConfigSchema } from './config';
import { createEmbedder } from './create-embedder';

describe('embeddings configuration', () => {
  it('defaults to the offline USE provider with nothing set', () => {
    expect(embeddingsConfigFromEnv({})).toEqual({ provider: 'use', queryCacheSize: 256, workerThreads: 1, workerNice: 10 });
    expect(embeddingsConfigFromEnv({ EMBEDDINGS_WORKER_NICE: '0' })).toMatchObject({ workerNice: 0 });
    expect(() => embeddingsConfigFromEnv({ EMBEDDINGS_WORKER_NICE: '20' })).toThrow();
    expect(embeddingsConfigFromEnv({ EMBEDDINGS_WORKER_THREADS: '0' })).toMatchObject({ workerThreads: 0 });
    expect(() => embeddingsConfigFromEnv({ EMBEDDINGS_WORKER_THREADS: '-1' })).toThrow();
    expect(embeddingsConfigSchema.parse({ provider: '' })).toMatchObject({ provider: 'use' });
  });

  it('maps and coerces the EMBEDDINGS_* variables, treating blanks as unset', () => {
    const config = embeddingsConfigFromEnv({
      EMBEDDINGS_PROVIDER: 'openai',
      EMBEDDINGS_URL: 'https://api.example.com/v1',
      EMBEDDINGS_API_KEY: 'sk-abc',
      EMBEDDINGS_MODEL: 'text-embedding-3-small',
      EMBEDDINGS_DIMENSIONS: '256',
      EMBEDDINGS_BATCH_SIZE: '',
      EMBEDDINGS_MODEL_DIR: '/ignored/for/openai',
    });
    expect(config).toEqual({
      provider: 'openai',
      url: 'https://api.example.com/v1',
      apiKey: 'sk-abc',
      model: 'text-embedding-3-small',
      dimensions: 256,
      timeoutMs: 30_000,
      queryCacheSize: 256,
    });
    expect(
      embeddingsConfigFromEnv({
        EMBEDDINGS_PROVIDER: 'onnx',
        EMBEDDINGS_MODEL_ID: 'Xenova/x',
        EMBEDDINGS_ALLOW_REMOTE: 'true',
      }),
    ).toMatchObject({
      provider: 'onnx',
      modelId: 'Xenova/x',
      allowRemote: true,
      pooling: 'mean',
      dtype: 'fp32',
    });
    expect(
      embeddingsConfigFromEnv({ EMBEDDINGS_PROVIDER: 'onnx', EMBEDDINGS_MODEL_DIR: '/m' }),
    ).toMatchObject({
      allowRemote: false,
    });
  });

  it('refuses what cannot work', () => {
    const bad = [
      { provider: 'onnx' },
      { provider: 'onnx', modelDir: '/m', modelId: 'a/b' },
      { provider: 'openai', model: 'm' },
      { provider: 'openai', url: 'ftp://x', model: 'm' },
      { provider: 'openai', url: 'http://x/v1', model: 'm', dimensions: '-3' },
      { provider: 'use', batchSize: '0' },
      { provider: 'onnx', modelDir: '/m', allowRemote: 'maybe' },
      { provider: 'faiss' },
    ];
    for (const input of bad)
      expect(embeddingsConfigSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });

  it('creates the named embedder without loading it, or none for lexical-only search', async () => {
    expect(createEmbedder({ provider: 'none' })).toBeNull();
    const use = createEmbedder({});
    expect(use?.model).toBe('use-lite-512');
    expect(use?.isWarm()).toBe(false);
    expect(await use?.dimensions()).toBe(512);
    expect(use?.isWarm()).toBe(false); // known up front: answering it loads nothing
    expect(createEmbedder({ provider: 'onnx', modelDir: '/models/bge-small-en' })?.model).toBe(
      'onnx:bge-small-en',
    );
    const openai = createEmbedder({
      provider: 'openai',
      url: 'http://127.0.0.1:1/v1',
      model: 'nomic-embed-text',
    });
    expect(openai?.model).toBe('openai:nomic-embed-text');
  });

  it('reports an invalid configuration as validation_failed without echoing the API key', () => {
    const key = 'sk-live-DO-NOT-PRINT';
    let thrown: unknown;
    try {
      createEmbedder({ provider: 'openai', url: 'not a url', apiKey: key, model: '' });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ServiceError);
    const err = thrown as ServiceError;
    expect(err.code).toBe('validation_failed');
    expect(err.message).toMatch(/url/);
    expect(err.message).toMatch(/model/);
    expect(err.message).not.toContain(key);
  });
});
