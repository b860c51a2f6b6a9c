// The scheduled hygiene job with a language model: the model's verdict and explanation are what is recorded.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hybridRetriever, modelPairReviewer, type MemoryDeps } from '@svc/core';
import { conflicts, createUser, memories, type Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { createLlmClient, llmConfig } from '@svc/llm';
import { startFakeLlm, type FakeLlm } from '@svc/llm/testing';
import { hygieneJob } from '../src/definitions/hygiene';
import { captureLogs } from './helpers';

let database: Database;
let fake: FakeLlm;
beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeLlm();
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

describe('scheduled hygiene with a language model', () => {
  it('records the conflict the model confirms, with its explanation, as the owner\'s run', async () => {
    const { logger, alarms } = captureLogs();
    const llm = createLlmClient({ config: llmConfig({ baseUrl: fake.url, model: 'fake', backoffMs: 1 }), logger });
    const memory: MemoryDeps = {
      database, logger, retriever: hybridRetriever({ embedder: null, logger }), indexer: null, reviewer: modelPairReviewer(llm),
    };
    const owner = await createUser(database.db, 'reader@example.com');
    await database.db.insert(memories).values([
      { ownerId: owner.user.id, scopeId: owner.personalScopeId, content: 'The nightly backup runs at 02:00 UTC on the primary.' },
      { ownerId: owner.user.id, scopeId: owner.personalScopeId, content: 'The nightly backup no longer runs at 02:00 UTC on the primary.' },
    ]);
    fake.script({ answer: { verdict: 'contradiction', explanation: 'They disagree on whether the 02:00 UTC backup still runs.' } });
    const ctx = { database, logger, alarms, now: () => new Date(), signal: new AbortController().signal, runId: 'run-h', data: {}, lastAttempt: true };
    expect(await hygieneJob(memory, 6)!.handler(ctx)).toMatchObject({ owners: 1, findings: 1 });
    const [recorded] = await database.db.select().from(conflicts).where(eq(conflicts.ownerId, owner.user.id));
    expect(recorded).toMatchObject({ kind: 'contradiction', explanation: 'They disagree on whether the 02:00 UTC backup still runs.' });
    const asked = fake.requests[0]!.body;
    expect(asked.response_format?.json_schema?.name).toBe('pair_verdict');
    expect(asked.messages.at(-1)!.content).toContain('no longer runs at 02:00');
  });
});
