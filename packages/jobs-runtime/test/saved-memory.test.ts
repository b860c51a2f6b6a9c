// A just-saved memory is checked on the queue; memories stored before detection get their language once.
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hybridRetriever, modelPairReviewer, remember, type MemoryDeps } from '@svc/core';
import { conflicts, createUser, memories, memorySupersedes, type Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { createLlmClient, llmConfig } from '@svc/llm';
import { startFakeLlm, type FakeLlm } from '@svc/llm/testing';
import { createJobRuntime, registeredJobs, savedCheckQueueOn, translationQueueOn } from '../src';
import { captureLogs, eventually, FAST } from './helpers';

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

function parts(withModel: boolean) {
  const { logger, alarms, records } = captureLogs();
  const llm = withModel ? createLlmClient({ config: llmConfig({ baseUrl: fake.url, model: 'fake', backoffMs: 1 }), logger }) : null;
  const memory: MemoryDeps = {
    database, logger, retriever: hybridRetriever({ embedder: null, logger }), indexer: null, ...(llm && { reviewer: modelPairReviewer(llm) }),
  };
  return { logger, alarms, records, llm, memory };
}

async function started(p: ReturnType<typeof parts>) {
  const runtime = createJobRuntime({
    database, logger: p.logger, alarms: p.alarms, mode: 'work', ...FAST,
    definitions: registeredJobs({ memory: p.memory, embedder: null, keepWarmMinutes: 0, llm: p.llm }),
  });
  p.memory.translation = translationQueueOn(runtime, p.logger);
  p.memory.checks = savedCheckQueueOn(runtime, p.logger);
  await runtime.start();
  return runtime;
}

const conflictsOf = (one: string) =>
  database.db.select().from(conflicts).where(or(eq(conflicts.memoryAId, one), eq(conflicts.memoryBId, one)));
const ctx = (p: ReturnType<typeof parts>, data: Record<string, unknown> = {}) => ({
  database, logger: p.logger, alarms: p.alarms, now: () => new Date(), signal: new AbortController().signal, runId: 'run-s', data, lastAttempt: true,
});

describe('the check of a just-saved memory', () => {
  it('records a contradiction in the background after remember answered, and leaves a plain near duplicate to the answer', async () => {
    const p = parts(false);
    const owner = await createUser(database.db, 'checked@example.com');
    const actor = { userId: owner.user.id, aal: 'aal2' as const };
    const runtime = await started(p);
    try {
      const first = await remember(p.memory, actor, { content: 'The staging database runs on the old cluster.', scope: 'personal', on_duplicate: 'return_existing' });
      const twin = await remember(p.memory, actor, { content: 'The staging database runs on the old cluster today.', scope: 'personal', on_duplicate: 'return_existing' });
      const denial = await remember(p.memory, actor, { content: 'The staging database no longer runs on the old cluster.', scope: 'personal', on_duplicate: 'return_existing' });
      // The answer does not wait for the check: it is recorded by the queue afterwards.
      await eventually('the contradiction is recorded', async () => (await conflictsOf(denial.memory.id)).length >= 1);
      const found = await conflictsOf(denial.memory.id);
      expect(found.map((c) => c.kind)).toEqual(found.map(() => 'contradiction'));
      expect(found.flatMap((c) => [c.memoryAId, c.memoryBId])).toContain(first.memory.id);
      expect(found[0]).toMatchObject({ ownerId: owner.user.id, status: 'open' });
      await eventually('every saved memory was checked', () => p.records.filter((r) => r.message === 'memory_checked').length >= 3);
      // Without a model the near twin is no conflict: its writer was told in near_duplicates instead.
      const twinConflicts = await database.db
        .select()
        .from(conflicts)
        .where(and(or(eq(conflicts.memoryAId, twin.memory.id), eq(conflicts.memoryBId, twin.memory.id)), eq(conflicts.kind, 'duplicate')));
      expect(twinConflicts).toEqual([]);
    } finally {
      await runtime.stop();
    }
  });

  it('has the model read a suspect the words call a duplicate, and record it as the contradiction it is', async () => {
    const p = parts(true);
    const owner = await createUser(database.db, 'read-check@example.com');
    const [a, b] = await database.db
      .insert(memories)
      .values([
        { ownerId: owner.user.id, scopeId: owner.personalScopeId, content: 'The weekly standup with the platform team is at 15:00 on Monday.' },
        { ownerId: owner.user.id, scopeId: owner.personalScopeId, content: 'The weekly standup with the platform team is at 16:00 on Monday.' },
      ])
      .returning({ id: memories.id });
    fake.script({ answer: { verdict: 'contradiction', explanation: 'They give different times for the Monday standup.' } });
    const job = registeredJobs({ memory: p.memory, embedder: null, keepWarmMinutes: 0, llm: p.llm }).find((d) => d.name === 'check-memory')!;
    expect(await job.handler(ctx(p, { memoryId: b!.id }))).toMatchObject({ outcome: 'checked', compared: 1 });
    const [recorded] = await conflictsOf(b!.id);
    expect(recorded).toMatchObject({ kind: 'contradiction', explanation: 'They give different times for the Monday standup.' });
    expect([recorded!.memoryAId, recorded!.memoryBId].sort()).toEqual([a!.id, b!.id].sort());

    // The model dismissing a word-check contradiction leaves nothing to settle.
    const [c] = await database.db
      .insert(memories)
      .values({ ownerId: owner.user.id, scopeId: owner.personalScopeId, content: 'The weekly standup with the platform team is not on Monday at 15:00 any more.' })
      .returning({ id: memories.id });
    fake.fallback(() => ({ answer: { verdict: 'neither', explanation: 'Compatible notes.' } }));
    await job.handler(ctx(p, { memoryId: c!.id }));
    expect(await conflictsOf(c!.id)).toEqual([]);
  });

  it('skips a memory retired or superseded before its check ran', async () => {
    const p = parts(false);
    const owner = await createUser(database.db, 'gone-check@example.com');
    const [old, next] = await database.db
      .insert(memories)
      .values([
        { ownerId: owner.user.id, scopeId: owner.personalScopeId, content: 'Deploys go out on Thursdays.' },
        { ownerId: owner.user.id, scopeId: owner.personalScopeId, content: 'Deploys go out on Tuesdays.' },
      ])
      .returning({ id: memories.id });
    await database.db.insert(memorySupersedes).values({ predecessorId: old!.id, successorId: next!.id, createdBy: owner.user.id });
    const job = registeredJobs({ memory: p.memory, embedder: null, keepWarmMinutes: 0 }).find((d) => d.name === 'check-memory')!;
    expect(await job.handler(ctx(p, { memoryId: old!.id }))).toEqual({ outcome: 'gone' });
    await database.db.update(memories).set({ invalidatedAt: new Date() }).where(eq(memories.id, next!.id));
    expect(await job.handler(ctx(p, { memoryId: next!.id }))).toEqual({ outcome: 'gone' });
  });

  it('reads only the memories sharing enough words to reach a verdict, or the same content without any', async () => {
    const p = parts(false);
    const owner = await createUser(database.db, 'narrow-check@example.com');
    const write = (content: string) =>
      database.db.insert(memories).values({ ownerId: owner.user.id, scopeId: owner.personalScopeId, content }).returning({ id: memories.id });
    const [kept] = await write('The nightly deploy pipeline runs on the build server.');
    await write('Alice prefers green tea in the afternoon.');
    await write('The build server is in the basement.');
    const [denial] = await write('The nightly deploy pipeline no longer runs on the build server.');
    const job = registeredJobs({ memory: p.memory, embedder: null, keepWarmMinutes: 0, llm: null }).find((d) => d.name === 'check-memory')!;
    // The tea shares no word and the basement two of seven: neither can overlap by half, so neither is read.
    expect(await job.handler(ctx(p, { memoryId: denial!.id }))).toMatchObject({ outcome: 'checked', compared: 1 });
    const found = await conflictsOf(denial!.id);
    expect(found.flatMap((c) => [c.memoryAId, c.memoryBId])).toContain(kept!.id);

    // A memory of stop words only has no words to share: its identical twin is still read.
    await write('No.');
    const [again] = await write('No.');
    expect(await job.handler(ctx(p, { memoryId: again!.id }))).toMatchObject({ outcome: 'checked', compared: 1 });
  });
});

describe('the language of memories stored before detection', () => {
  it('is detected once after a deploy, without touching updated_at, and a foreign one goes on to translation', async () => {
    const p = parts(true);
    const owner = await createUser(database.db, 'old-rows@example.com');
    const german = 'Wir haben beschlossen, am Freitag nicht mehr zu deployen, weil das Wochenende ruhig bleiben soll.';
    const english = 'We decided to stop deploying on Fridays so that the weekend stays quiet.';
    const old = new Date('2025-01-02T03:04:05Z');
    // As the migration leaves rows written before it: recorded as English, not yet detected.
    const rows = await database.db
      .insert(memories)
      .values([german, english].map((content) => ({ ownerId: owner.user.id, scopeId: owner.personalScopeId, content, languageDetected: false, updatedAt: old })))
      .returning({ id: memories.id });
    const [de, en] = rows.map((r) => r.id) as [string, string];

    fake.fallback(() => ({ answer: { english: 'We decided to stop deploying on Fridays.' } }));
    const runtime = await started(p);
    try {
      const job = runtime.definitions.find((d) => d.name === 'detect-languages')!;
      expect(job.runAfterDeploy).toBe(true);
      expect(await job.handler(ctx(p))).toMatchObject({ detected: 2, foreign: 1 });
      const row = async (id: string) => (await database.db.select().from(memories).where(eq(memories.id, id)))[0]!;
      expect(await row(de)).toMatchObject({ language: 'de', languageDetected: true, updatedAt: old });
      expect(await row(en)).toMatchObject({ language: 'en', languageDetected: true, updatedAt: old });
      // A second run finds nothing left: each row is detected once.
      expect(await job.handler(ctx(p))).toMatchObject({ detected: 0, foreign: 0 });
      await eventually('the German memory is translated', async () => (await row(de)).contentEn !== null);
      expect((await row(de)).updatedAt).toEqual(old);
      await eventually('the translated memory is checked', () =>
        p.records.some((r) => r.message === 'memory_checked' && r.memoryId === de),
      );
    } finally {
      await runtime.stop();
    }
  });
});
