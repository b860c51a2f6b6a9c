// Translation on the queue against the fake model endpoint: sent on write, caught up on schedule, never twice, guarded.
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hybridRetriever, type MemoryDeps } from '@svc/core';
import { createUser, memories, usageEvents, type Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { createLlmClient, llmConfig } from '@svc/llm';
import { startFakeLlm, type FakeLlm } from '@svc/llm/testing';
import { runWithRequestContext } from '@svc/observability';
import { createJobRuntime, llmUsageLedger, registeredJobs, translationQueueOn } from '../src';
import { captureLogs, eventually, FAST } from './helpers';

const GERMAN = 'Wir haben beschlossen, am Freitag nicht mehr zu deployen.';
const ENGLISH = 'We decided not to deploy on Fridays any more.';

let database: Database;
let fake: FakeLlm;
let owner: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeLlm();
  owner = await createUser(database.db, 'translate@example.com');
});
afterAll(async () => {
  await fake.close();
  await database.close();
});
beforeEach(() => (fake.requests.length = 0));

function parts() {
  const { logger, alarms, records } = captureLogs();
  const llm = createLlmClient({ config: llmConfig({ baseUrl: fake.url, model: 'fake', backoffMs: 1 }), logger, usage: llmUsageLedger(database, logger) });
  const memory: MemoryDeps = { database, logger, retriever: hybridRetriever({ embedder: null, logger }), indexer: null };
  return { logger, alarms, records, llm, memory };
}

async function insert(content: string, language: string) {
  const [row] = await database.db
    .insert(memories)
    .values({ ownerId: owner.user.id, scopeId: owner.personalScopeId, content, language })
    .returning({ id: memories.id });
  return row!.id;
}

const row = async (id: string) => (await database.db.select().from(memories).where(eq(memories.id, id)))[0]!;
const ctx = (p: ReturnType<typeof parts>, data: Record<string, unknown> = {}) => ({
  database, logger: p.logger, alarms: p.alarms, now: () => new Date(), signal: new AbortController().signal, runId: 'run-t', data, lastAttempt: true,
});

describe('translation jobs', () => {
  it('are off without a model, and the schedule exists only with TRANSLATION_INTERVAL_HOURS', () => {
    const p = parts();
    const names = (llm: typeof p.llm | null, hours?: number) =>
      registeredJobs({ memory: p.memory, embedder: null, keepWarmMinutes: 0, llm, translationIntervalHours: hours }).map((d) => d.name);
    expect(names(null, 6)).not.toContain('translate-memory');
    expect(names(null, 6)).not.toContain('translation');
    expect(names(p.llm)).toContain('translate-memory');
    expect(names(p.llm)).not.toContain('translation');
    expect(names(p.llm, 6)).toContain('translation');
  });

  it('translates a memory sent on write through the real queue, records its tokens, and ranks it by the English', async () => {
    const p = parts();
    fake.script({ answer: { english: ENGLISH }, usage: { prompt_tokens: 40, completion_tokens: 12 } });
    const runtime = createJobRuntime({
      database, logger: p.logger, alarms: p.alarms, mode: 'work', ...FAST,
      definitions: registeredJobs({ memory: p.memory, embedder: null, keepWarmMinutes: 0, llm: p.llm }),
    });
    await runtime.start();
    try {
      const id = await insert(GERMAN, 'de');
      runWithRequestContext({ requestId: 'req-write' }, () => translationQueueOn(runtime, p.logger)!.enqueue(id));
      await eventually('the translation is stored', async () => (await row(id)).contentEn !== null);
      const stored = await row(id);
      expect(stored).toMatchObject({ content: GERMAN, language: 'de', contentEn: ENGLISH });
      expect(fake.requests[0]!.body.messages.at(-1)!.content).toContain(GERMAN);
      // The search document is built from content_en: an English word finds the German memory.
      const hits = await database.db
        .select({ id: memories.id })
        .from(memories)
        .where(and(eq(memories.id, id), sql`${memories.tsv} @@ websearch_to_tsquery('english', 'Fridays deploy')`));
      expect(hits).toHaveLength(1);
      await eventually('the usage row is written', async () =>
        (await database.db.select().from(usageEvents).where(eq(usageEvents.tool, 'llm.translate'))).length > 0,
      );
      const [usage] = await database.db.select().from(usageEvents).where(eq(usageEvents.tool, 'llm.translate'));
      expect(usage).toMatchObject({ userId: owner.user.id, outcome: 'ok', promptTokens: 40, completionTokens: 12 });
      expect(p.records.find((r) => r.message === 'slow_path' && r.operation === 'llm.translate')).toMatchObject({ runId: expect.any(String) });
      await eventually('the run logs its outcome', () => p.records.some((r) => r.message === 'memory_translated'));
      expect(p.records.find((r) => r.message === 'memory_translated')).toMatchObject({ memoryId: id, outcome: 'translated', requestId: 'req-write' });
    } finally {
      await runtime.stop();
    }
  });

  it('catches up the backlog once: nothing translated twice, an edit translated again, English left alone', async () => {
    const p = parts();
    fake.fallback((req) => ({ answer: { english: `EN(${req.body.messages.at(-1)!.content.split('\n').at(-1)})` } }));
    const a = await insert('Der Nutzer bevorzugt den dunklen Modus.', 'de');
    const b = await insert("L'utilisateur préfère le mode sombre.", 'fr');
    const en = await insert('The user prefers dark mode.', 'en');
    const job = registeredJobs({ memory: p.memory, embedder: null, keepWarmMinutes: 0, llm: p.llm, translationIntervalHours: 6 }).find((d) => d.name === 'translation')!;
    expect(job.schedule).toBe('0 */6 * * *');
    const first = (await job.handler(ctx(p))) as Record<string, number>;
    expect(first.translated).toBeGreaterThanOrEqual(2);
    expect((await row(a)).contentEn).toBe('EN(Der Nutzer bevorzugt den dunklen Modus.)');
    expect((await row(en)).contentEn).toBeNull();
    const asked = fake.requests.length;

    expect(await job.handler(ctx(p))).toMatchObject({ translated: 0 });
    expect(fake.requests.length).toBe(asked);

    await database.db.update(memories).set({ content: 'Der Nutzer bevorzugt jetzt den hellen Modus.' }).where(eq(memories.id, b));
    expect(await job.handler(ctx(p))).toMatchObject({ translated: 1 });
    expect((await row(b)).contentEn).toBe('EN(Der Nutzer bevorzugt jetzt den hellen Modus.)');
    fake.fallback(() => ({ status: 500 }));
  });

  it('never stores a translation that carries a secret', async () => {
    const p = parts();
    // Built at run time so the repository holds no token-shaped literal.
    const token = ['gh', 'p_', Array.from({ length: 36 }, (_, i) => 'aZ3kQ9xLm2'[(i * 7) % 10]).join('')].join('');
    fake.script({ answer: { english: `The deploy token is ${token}` } });
    const id = await insert('Der Schlüssel steht im Tresor, nicht hier.', 'de');
    const job = registeredJobs({ memory: p.memory, embedder: null, keepWarmMinutes: 0, llm: p.llm }).find((d) => d.name === 'translate-memory')!;
    expect(await job.handler(ctx(p, { memoryId: id }))).toEqual({ outcome: 'refused_secret' });
    expect((await row(id)).contentEn).toBeNull();
    expect(p.records.some((r) => r.message === 'translation_refused_secret')).toBe(true);
    const leaked = await database.db.select().from(memories).where(like(memories.contentEn, '%deploy token%'));
    expect(leaked).toEqual([]);
  });
});
