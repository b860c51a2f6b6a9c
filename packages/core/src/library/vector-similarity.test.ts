// The vector finder against a real embedded database: cosine similarity through svc_find_similar_memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '@svc/embeddings';
import { createUser, memories, memoryEmbeddings, type Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { vectorFinder } from './vector-similarity';

/** Three-dimensional "meanings", so the expected similarities are plain arithmetic. */
const VECTORS: Record<string, number[]> = {
  'deploys on fridays': [1, 0, 0],
  'releases at the end of the week': [0.8, 0.6, 0],
  'tabs over spaces': [0, 0, 1],
};

const embedder: Embedder = {
  model: 'fake-3',
  dimensions: () => Promise.resolve(3),
  embed: (texts) => Promise.resolve(texts.map((t) => Float32Array.from(VECTORS[t] ?? [0, 1, 0]))),
  warm: () => Promise.resolve(),
  isWarm: () => true,
  close: () => Promise.resolve(),
};

let database: Database;
let userId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  const created = await createUser(database.db, 'vec@example.com');
  userId = created.user.id;
  for (const [content, embedding] of Object.entries(VECTORS)) {
    const [row] = await database.db.insert(memories).values({ ownerId: userId, scopeId: created.personalScopeId, content }).returning({ id: memories.id });
    ids[content] = row!.id;
    await database.db.insert(memoryEmbeddings).values({ memoryId: row!.id, model: embedder.model, embedding });
  }
});
afterAll(async () => {
  await database.close();
});

describe('vectorFinder', () => {
  const finder = vectorFinder(embedder);
  const query = { k: 5, minSimilarity: 0.5, scopeIds: null, includeRetired: false };

  it('returns memories by cosine similarity at or above the threshold, most similar first', async () => {
    const text = 'deploys on fridays';
    const prepared = await finder.prepare(text);
    const matches = await database.asUser({ userId }, (tx) => finder.find(tx, prepared, { ...query, text }));
    expect(matches.map((m) => m.memoryId)).toEqual([ids[text], ids['releases at the end of the week']]);
    expect(matches[1]!.similarity).toBeCloseTo(0.8, 5);
  });

  it('leaves out the memory compared against, and is refused for an anonymous caller', async () => {
    const text = 'deploys on fridays';
    const prepared = await finder.prepare(text);
    const matches = await database.asUser({ userId }, (tx) => finder.find(tx, prepared, { ...query, text, excludeId: ids[text] }));
    expect(matches.map((m) => m.memoryId)).toEqual([ids['releases at the end of the week']]);
    await expect(database.asAnon((tx) => finder.find(tx, prepared, { ...query, text }))).rejects.toMatchObject({
      code: 'forbidden',
      details: { sqlstate: '42501' },
    });
  });
});
