// Re-embedding as a job: after a switch to another model, every memory gets that model's vector and recall uses it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hybridSearch, indexMemories } from '@svc/core';
import { createUser, memories, memoryEmbeddings, type Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { createOpenAiEmbedder } from '@svc/embeddings';
import { registeredJobs } from '../src';
import { REEMBED_JOB, reembedJob } from '../src/definitions/reembed';
import { captureLogs } from './helpers';

const DIMS = 8;
/** Word hashing into 8 dimensions, as an OpenAI-compatible endpoint on loopback answers it. */
function vectorOf(text: string): number[] {
  const v = new Array<number>(DIMS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    let h = 0;
    for (const ch of word) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    v[h % DIMS]! += 1;
  }
  return v;
}

const asked: string[] = [];
let server: Server;
let url: string;
let database: Database;
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; input: string[] };
      asked.push(body.model);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({
        object: 'list',
        model: body.model,
        data: body.input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) })),
        usage: { prompt_tokens: 1, total_tokens: 1 },
      }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the re-embedding job', () => {
  it('is registered only with a model, after every deploy and hourly', () => {
    const { logger } = captureLogs();
    const memory = { database, logger, retriever: { search: () => Promise.resolve([]) }, indexer: null } as never;
    const names = (withModel: boolean) =>
      registeredJobs({ memory, embedder: withModel ? createOpenAiEmbedder({ url, model: 'b' }) : null, keepWarmMinutes: 0 }).map((j) => j.name);
    expect(names(false)).not.toContain(REEMBED_JOB);
    expect(names(true)).toContain(REEMBED_JOB);
    const job = reembedJob(createOpenAiEmbedder({ url, model: 'b' }))!;
    expect(job.runAfterDeploy).toBe(true);
    expect(job.schedule).toBe('0 */1 * * *');
  });

  it('gives every memory a vector of the newly configured model, keeps the old ones, and recall finds by it', async () => {
    const { logger, alarms } = captureLogs();
    const { user, personalScopeId } = await createUser(database.db, 'reembed@example.com');
    const rows = await database.db
      .insert(memories)
      .values(
        ['The cello lessons start in December', 'Staging runs on Kubernetes', 'Deploys happen on Fridays'].map((content) => ({
          ownerId: user.id,
          scopeId: personalScopeId,
          content,
        })),
      )
      .returning({ id: memories.id });
    const ids = rows.map((r) => r.id);
    const before = createOpenAiEmbedder({ url, model: 'model-before', dimensions: DIMS });
    await indexMemories({ database }, before, ids, logger);

    const after = createOpenAiEmbedder({ url, model: 'model-after', dimensions: DIMS });
    const vectorsOf = async (model: string) =>
      (await database.db.select({ id: memoryEmbeddings.memoryId }).from(memoryEmbeddings).where(eq(memoryEmbeddings.model, model))).map((r) => r.id);
    expect(await vectorsOf(after.model)).toEqual([]);

    const job = reembedJob(after)!;
    const ctx = { database, logger, alarms, now: () => new Date(), signal: new AbortController().signal, runId: 't', data: {}, lastAttempt: true };
    expect(await job.handler(ctx)).toMatchObject({ model: after.model, embedded: 3 });
    expect((await vectorsOf(after.model)).sort()).toEqual([...ids].sort());
    expect((await vectorsOf(before.model)).sort()).toEqual([...ids].sort());
    // A second run finds nothing left to do.
    expect(await job.handler(ctx)).toMatchObject({ embedded: 0 });

    const found = await database.asUser({ userId: user.id, aal: 'aal2' }, (tx) =>
      hybridSearch(tx, { query: 'cello lessons december', k: 3, mode: 'semantic' }, { embedder: after, logger }),
    );
    expect(found[0]?.memoryId).toBe(ids[0]);
    expect(asked).toContain('model-after');
  });

  it('gives vectors stored before their owner and scope columns existed both, visible to their reader throughout', async () => {
    const { logger, alarms } = captureLogs();
    const { user, personalScopeId } = await createUser(database.db, 'unscoped@example.com');
    const [row] = await database.db
      .insert(memories)
      .values({ ownerId: user.id, scopeId: personalScopeId, content: 'Backups run at half past three' })
      .returning({ id: memories.id });
    const model = createOpenAiEmbedder({ url, model: 'model-after', dimensions: DIMS });
    await indexMemories({ database }, model, [row!.id], logger);
    // As migration 0024 leaves a vector stored before it (the trigger fills every write since).
    await database.db.execute(sql`alter table memory_embeddings disable trigger memory_embeddings_memory_scope`);
    await database.db.update(memoryEmbeddings).set({ ownerId: null, scopeId: null }).where(eq(memoryEmbeddings.memoryId, row!.id));
    await database.db.execute(sql`alter table memory_embeddings enable trigger memory_embeddings_memory_scope`);
    const seen = () =>
      database.asUser({ userId: user.id }, async (tx) =>
        (await tx.select({ id: memoryEmbeddings.memoryId, owner: memoryEmbeddings.ownerId }).from(memoryEmbeddings).where(eq(memoryEmbeddings.memoryId, row!.id))),
      );
    expect(await seen()).toEqual([{ id: row!.id, owner: null }]);
    // Found by meaning meanwhile (the exact path of a small collection reads vectors by scope).
    const found = () =>
      database.asUser({ userId: user.id, aal: 'aal2' }, (tx) =>
        hybridSearch(tx, { query: 'when do backups run', k: 3, mode: 'semantic' }, { embedder: model, logger }),
      );
    expect((await found()).map((f) => f.memoryId)).toEqual([row!.id]);

    const ctx = { database, logger, alarms, now: () => new Date(), signal: new AbortController().signal, runId: 't', data: {}, lastAttempt: true };
    expect(await reembedJob(model)!.handler(ctx)).toMatchObject({ scoped: 1 });
    expect(await seen()).toEqual([{ id: row!.id, owner: user.id }]);
    expect(await reembedJob(model)!.handler(ctx)).toMatchObject({ scoped: 0 });
    expect((await found()).map((f) => f.memoryId)).toEqual([row!.id]);
  });
});
