import { afterAll, describe, expect, it } from 'vitest';
import { embeddingsConfigSchema } from '@svc/embeddings';
import { createLogger } from '@svc/observability';
import { retrievalParts } from '../src/retrieval-parts';
import { serverWithUsers } from './helpers/fixture';
import { call } from './helpers/mcp-client';

// The offline default model, loaded from its npm package: remember and recall as a default install runs them.
const parts = retrievalParts(embeddingsConfigSchema.parse({ provider: 'use' }), createLogger({ level: 'error' }));
const fx = serverWithUsers(['ada'], { retrieval: parts });
afterAll(() => parts.embedder?.close());

describe('with the offline embedder', () => {
  it('flags a reworded twin as a near-duplicate instead of storing it silently', async () => {
    const first = await call<{ memory: { id: string } }>(fx.users.ada, 'remember', {
      content: 'The production database is backed up every night at 03:30 UTC.',
      scope: 'personal',
    });
    const second = await call<{ created: boolean; near_duplicates: { id: string; similarity: number }[] }>(fx.users.ada, 'remember', {
      content: 'Every night at 03:30 UTC the production database is backed up.',
      scope: 'personal',
    });
    expect(second.ok.created).toBe(true);
    expect(second.ok.near_duplicates.map((d) => d.id)).toContain(first.ok.memory.id);
    expect(second.ok.near_duplicates[0]!.similarity).toBeGreaterThanOrEqual(0.9);
  });

  it('recalls by meaning when the words differ', async () => {
    await call(fx.users.ada, 'remember', { content: 'Ada is allergic to peanuts.', scope: 'personal' });
    await call(fx.users.ada, 'remember', { content: 'The office wifi password rotates monthly.', scope: 'personal' });
    const res = await call<{ results: { memory: { content: string }; why: string }[] }>(fx.users.ada, 'recall', {
      query: 'food intolerance of Ada',
      k: 3,
    });
    expect(res.ok.results[0]?.memory.content).toBe('Ada is allergic to peanuts.');
  });
});
