// Unit tests of the index naming and the argument checks that run before any DDL.
import { describe, expect, it } from 'vitest';
import { embeddingIndexName, ensureEmbeddingIndex } from './embedding-index';
import type { Executor } from '../client/types';

describe('embeddingIndexName', () => {
  it('is a valid identifier within the 63-byte limit, distinct per model and dimension', () => {
    const long = embeddingIndexName('Xenova/all-MiniLM-L6-v2 with a very long suffix indeed', 384);
    expect(long).toMatch(/^[a-z0-9_]+$/);
    expect(long.length).toBeLessThanOrEqual(63);
    expect(embeddingIndexName('a-b', 3)).not.toBe(embeddingIndexName('a_b', 3));
    expect(embeddingIndexName('m', 3)).not.toBe(embeddingIndexName('m', 4));
  });
});

describe('ensureEmbeddingIndex', () => {
  const unused = {} as Executor;
  it.each([0, 2001, 1.5])('refuses dimension %s before touching the database', async (dims) => {
    await expect(ensureEmbeddingIndex(unused, 'm', dims)).rejects.toMatchObject({ code: 'validation_failed' });
  });
  it('refuses an empty model name', async () => {
    await expect(ensureEmbeddingIndex(unused, ' ', 3)).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
