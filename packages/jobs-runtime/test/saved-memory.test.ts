// Saved memories are checked on the queue, a burst by one run; memories stored before detection get their language once.
import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hybridRetriever, modelPairReviewer, remember, type MemoryDeps } from '@svc/core';
import { conflicts, createUser, markChecksDue, memories, memorySupersedes, rowsOf, type Database } from '@svc/db';
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

async function started(p: ReturnType<typeof parts>, wakeDelayMs?: number) {
  const runtime = createJobRuntime({
    database, logger: p.logger, alarms: p.alarms, mode: 'work', ...FAST,
    definitions: registeredJobs({ memory: p.memory, embedder: null, keepWarmMinutes: 0, llm: p.llm }),
  });
  p.memory.translation = translationQueueOn(runtime, p.logger);
  p.memory.checks = savedCheckQueueOn(runtime, database, p.logger, wakeDelayMs);
  await runtime.start();
  return runtime;
}

const conflictsOf = (one: string) =>
  database.db.select().from(conflicts).where(or(eq(conflicts.memoryAId, one), eq(conflicts.memoryBId, one)));
const ctx = (p: ReturnType<typeof parts>, data: Record<string, unknown> = {}) => ({
  database, logger: p.logger, alarms: p.alarms, now: () => new Date(), signal: new AbortController().signal, runId: 'run-s', data, lastAttempt: true,
});
const due = async () =>
  rowsOf<{ memory_id: string }>(await database.db.execute(sql`select memory_id from memory_checks_due`)).map((r) => r.memory_id);
/** What the check logged for one memory (a run checks every due memory, each logged on its own). */
const checkedLine = (p: ReturnType<typeof parts>, id: string) => p.records.find((r) => r.message === 'memory_checked' && r.memoryId === id);
/** A run as the schedule sends it: no memory named, every due one checked. */
async function checkRun(p: ReturnType<typeof parts>, data: Record<string, unknown> = {}) {
  const job = registeredJobs({ memory: p.memory, embedder: null, keepWarmMinutes: 0, llm: p.llm }).find((d) => d.name === 'check-memory')!;
  return job.handler(ctx(p, data));
}

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

  it('checks a burst of saves in one run, each memory on its own, and leaves none due', async () => {
    const p = parts(false);
    const owner = await createUser(database.db, 'burst-check@example.com');
    const actor = { userId: owner.user.id, aal: 'aal2' as const };
    const runtime = await started(p, 1_000);
    try {
      const saved = await Promise.all(
        ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'].map((name) =>
          remember(p.memory, actor, { content: `The ${name} service deploys from the main branch.`, scope: 'personal', on_duplicate: 'return_existing' }),
        ),
      );
      expect(saved.map((s) => s.pending)).toEqual(saved.map(() => ['conflict_check']));
      const ids = saved.map((s) => s.memory.id);
      await eventually('every saved memory was checked', () => ids.every((id) => checkedLine(p, id)));
      // One run per memory before; now the saves within the wake delay share one (two if they straddled it).
      const runs = new Set(ids.map((id) => checkedLine(p, id)!.runId));
      expect(runs.size).toBeLessThanOrEqual(2);
      expect((await due()).filter((id) => ids.includes(id))).toEqual([]);
    } finally {
      await runtime.stop();
    }
  });

  it('finds a contradiction saved by a process that stopped before its check: the mark was committed with the memory', async () => {
    const p = parts(false);
    const owner = await createUser(database.db, 'stopped-check@example.com');
    const actor = { userId: owner.user.id, aal: 'aal2' as const };
    // A process whose runtime never ran: its wake never fires (the process is gone before it would).
    const gone = createJobRuntime({
      database, logger: p.logger, alarms: p.alarms, mode: 'work', ...FAST,
      definitions: registeredJobs({ memory: p.memory, embedder: null, keepWarmMinutes: 0, llm: null }),
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      p.memory.checks = savedCheckQueueOn(gone, database, p.logger);
      await remember(p.memory, actor, { content: 'The billing export runs on the reporting replica.', scope: 'personal', on_duplicate: 'return_existing' });
      const denial = await remember(p.memory, actor, { content: 'The billing export no longer runs on the reporting replica.', scope: 'personal', on_duplicate: 'return_existing' });
      expect(denial.pending).toEqual(['conflict_check']);
      expect(await due()).toContain(denial.memory.id);
    } finally {
      vi.clearAllTimers();
      vi.useRealTimers();
    }
    const denialId = (await due()).at(-1)!;
    // The next run (the schedule's, or any later save's) checks it.
    expect(await checkRun(p)).toMatchObject({ failed: 0 });
    expect(checkedLine(p, denialId)).toMatchObject({ outcome: 'checked' });
    expect(await conflictsOf(denialId)).toHaveLength(1);
    expect(await due()).not.toContain(denialId);
  });

  it('sends nothing for a wake pending when the runtime stopped: the memory stays due for the next run', async () => {
    const p = parts(false);
    const owner = await createUser(database.db, 'shutdown-check@example.com');
    const actor = { userId: owner.user.id, aal: 'aal2' as const };
    const runtime = await started(p, 200);
    const saved = await remember(p.memory, actor, { content: 'The audit log ships to cold storage weekly.', scope: 'personal', on_duplicate: 'return_existing' });
    await runtime.stop();
    expect(runtime.stopped).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // A send would have started the queue again (and cleared the flag).
    expect(runtime.stopped).toBe(true);
    expect(checkedLine(p, saved.memory.id)).toBeUndefined();
    expect(await due()).toContain(saved.memory.id);
    await checkRun(p);
    expect(checkedLine(p, saved.memory.id)).toMatchObject({ outcome: 'checked' });
  });

  it('leaves a memory in another language due until its text is translated, then checks it', async () => {
    const p = parts(true);
    const owner = await createUser(database.db, 'foreign-check@example.com');
    const idle = createJobRuntime({
      database, logger: p.logger, alarms: p.alarms, mode: 'work', ...FAST,
      definitions: registeredJobs({ memory: p.memory, embedder: null, keepWarmMinutes: 0, llm: p.llm }),
    });
    p.memory.translation = translationQueueOn(idle, p.logger);
    const german = 'Der Staging-Server läuft nicht mehr im alten Rechenzentrum.';
    const [row] = await database.db
      .insert(memories)
      .values({ ownerId: owner.user.id, scopeId: owner.personalScopeId, content: german, language: 'de' })
      .returning({ id: memories.id });
    await markChecksDue(database.db, [row!.id]);
    await checkRun(p);
    expect(checkedLine(p, row!.id)).toBeUndefined();
    expect(await due()).toContain(row!.id);
    // As the translation run leaves it (a refused translation records the hash too).
    await database.db
      .update(memories)
      .set({ contentEn: 'The staging server no longer runs in the old data centre.', translatedFrom: sql`md5(${memories.content})` })
      .where(eq(memories.id, row!.id));
    await checkRun(p);
    expect(checkedLine(p, row!.id)).toMatchObject({ outcome: 'checked' });
    expect(await due()).not.toContain(row!.id);
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
    // A run sent before the due table named its memory: that memory is checked.
    await checkRun(p, { memoryId: b!.id });
    expect(checkedLine(p, b!.id)).toMatchObject({ outcome: 'checked', compared: 1 });
    const [recorded] = await conflictsOf(b!.id);
    expect(recorded).toMatchObject({ kind: 'contradiction', explanation: 'They give different times for the Monday standup.' });
    expect([recorded!.memoryAId, recorded!.memoryBId].sort()).toEqual([a!.id, b!.id].sort());

    // The model dismissing a word-check contradiction leaves nothing to settle.
    const [c] = await database.db
      .insert(memories)
      .values({ ownerId: owner.user.id, scopeId: owner.personalScopeId, content: 'The weekly standup with the platform team is not on Monday at 15:00 any more.' })
      .returning({ id: memories.id });
    fake.fallback(() => ({ answer: { verdict: 'neither', explanation: 'Compatible notes.' } }));
    await markChecksDue(database.db, [c!.id]);
    await checkRun(p);
    expect(checkedLine(p, c!.id)).toMatchObject({ outcome: 'checked' });
    expect(await conflictsOf(c!.id)).toEqual([]);
  });

  it('stops between memories when its run is stopped: the one it was checking stays due, no failure logged', async () => {
    const p = parts(false);
    const owner = await createUser(database.db, 'interrupted-check@example.com');
    const actor = { userId: owner.user.id, aal: 'aal2' as const };
    const saved = await remember(p.memory, actor, { content: 'The kappa service deploys on Fridays.', scope: 'personal', on_duplicate: 'return_existing' });
    await markChecksDue(database.db, [saved.memory.id]);
    // The process stops while a check reads: its signal is aborted and the database goes away under it.
    const stopping = new AbortController();
    p.memory.database = new Proxy(database, {
      get(target, prop, receiver) {
        if (prop !== 'system') return Reflect.get(target, prop, receiver) as unknown;
        return () => {
          stopping.abort(new Error('the worker is stopping'));
          return Promise.reject(new Error('the database is closed'));
        };
      },
    });
    const job = registeredJobs({ memory: p.memory, embedder: null, keepWarmMinutes: 0, llm: null }).find((d) => d.name === 'check-memory')!;
    await job.handler({ ...ctx(p), signal: stopping.signal });
    expect(stopping.signal.aborted).toBe(true);
    expect(p.records.filter((r) => r.message === 'memory_check_failed')).toEqual([]);
    expect(await due()).toContain(saved.memory.id);
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
    await markChecksDue(database.db, [old!.id]);
    await database.db.update(memories).set({ invalidatedAt: new Date() }).where(eq(memories.id, next!.id));
    await markChecksDue(database.db, [next!.id]);
    expect(await checkRun(p)).toMatchObject({ gone: 2 });
    expect(checkedLine(p, old!.id)).toMatchObject({ outcome: 'gone' });
    expect(checkedLine(p, next!.id)).toMatchObject({ outcome: 'gone' });
    // Gone is done: neither is left due.
    expect(await due()).not.toContain(old!.id);
    expect(await due()).not.toContain(next!.id);
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
    // The tea shares no word and the basement two of seven: neither can overlap by half, so neither is read.
    await markChecksDue(database.db, [denial!.id]);
    await checkRun(p);
    expect(checkedLine(p, denial!.id)).toMatchObject({ outcome: 'checked', compared: 1 });
    const found = await conflictsOf(denial!.id);
    expect(found.flatMap((c) => [c.memoryAId, c.memoryBId])).toContain(kept!.id);

    // A memory of stop words only has no words to share: its identical twin is still read.
    await write('No.');
    const [again] = await write('No.');
    await markChecksDue(database.db, [again!.id]);
    await checkRun(p);
    expect(checkedLine(p, again!.id)).toMatchObject({ outcome: 'checked', compared: 1 });
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
