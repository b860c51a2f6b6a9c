// GET /account/memories?q= with the offline embedder: close-in-meaning memories are found, a nonsense query finds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddingsConfigSchema } from '@svc/embeddings';
import { createLogger } from '@svc/observability';
import { retrievalParts } from '../src/retrieval-parts';
import { dashboardToken, request } from './helpers/account-data';
import { startHarness, type Harness } from './helpers/harness';
import { closeAll, person, remembered, type Person } from './helpers/library';

// The offline default model, as a default install ranks with it: the vector leg always has nearest neighbours.
const parts = retrievalParts(embeddingsConfigSchema.parse({ provider: 'use' }), createLogger({ level: 'error' }));
let h: Harness;
let ada: Person;
let session = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness({ retrieval: parts });
  ada = await person(h, 'ada@example.com');
  session = await dashboardToken(h.deps.database, ada.userId);
  ids.peanuts = (await remembered(ada, { content: 'Ada is allergic to peanuts.', scope: 'personal' })).id;
  ids.wifi = (await remembered(ada, { content: 'The office router is rebooted every Monday.', scope: 'personal' })).id;
  ids.deploy = (await remembered(ada, { content: 'Deploys go out on Tuesdays after the standup.', scope: 'personal' })).id;
});
afterAll(async () => {
  await closeAll([ada]);
  await h.close();
  await parts.embedder?.close();
});

const search = async (q: string) =>
  (await request<{ memories: { id: string }[] }>(h, 'GET', `/account/memories?q=${encodeURIComponent(q)}`, { token: session })).body.memories.map(
    (m) => m.id,
  );

describe('search by meaning on the memories page', () => {
  it('lists nothing for a query that matches no word and no meaning, though the vector leg has neighbours', async () => {
    expect(await search('zqxv blorft quux')).toEqual([]);
    expect(await search('purple elephants dancing')).toEqual([]);
  });

  it('finds a memory close in meaning that shares no word with the query', async () => {
    expect(await search('food intolerance')).toEqual([ids.peanuts]);
    // With a word matched, the word's memory is shown and an unrelated neighbour still is not.
    const worded = await search('Monday releases');
    expect(worded).toContain(ids.wifi);
    expect(worded).not.toContain(ids.peanuts);
  });
});
