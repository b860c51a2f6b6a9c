// Translation end to end over MCP: a German memory is answered at once, translated on the queue, ranked and shown in English.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories } from '@svc/db';
import { createLlmClient, llmConfig } from '@svc/llm';
import { startFakeLlm, type FakeLlm } from '@svc/llm/testing';
import { createLogger } from '@svc/observability';
import { serverWithUsers } from './helpers/fixture';
import { call } from './helpers/mcp-client';

const GERMAN = 'Wir haben beschlossen, am Freitag nicht mehr zu deployen, weil das Wochenende sonst leidet.';
const ENGLISH = 'We decided to stop deploying on Fridays, because the weekend suffers otherwise.';
const MERGED = 'Der Staging-Server läuft auf Port 5433 und wird jede Nacht neu gestartet.';
const MERGED_EN = 'The staging server runs on port 5433 and is restarted every night.';

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
  fake.fallback((req) =>
    req.body.messages.at(-1)!.content.includes(GERMAN)
      ? { answer: { english: ENGLISH } }
      : req.body.messages.at(-1)!.content.includes(MERGED)
        ? { answer: { english: MERGED_EN } }
        : { status: 500 },
  );
});
afterAll(() => fake.close());

// The client is built when the harness starts (after beforeAll above), pointed at the fake endpoint.
const jobs = {
  mode: 'work' as const,
  embedder: null,
  keepWarmMinutes: 0,
  get llm() {
    return createLlmClient({ config: llmConfig({ baseUrl: fake.url, model: 'fake', backoffMs: 1 }), logger: createLogger({ level: 'error' }) });
  },
};
const fx = serverWithUsers(['ada'], { jobs });
let ada: Client;
beforeAll(() => ({ ada } = fx.users));

interface Saved { memory: { id: string; uri: string; content: string; language: string }; pending: string[] }

async function translated(id: string): Promise<string> {
  const { database } = fx.h.deps;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await database.db.select({ en: memories.contentEn }).from(memories).where(eq(memories.id, id));
    if (row?.en) return row.en;
    if (Date.now() > deadline) throw new Error('the memory was not translated in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('translation of a memory written in another language', () => {
  it('answers at once, translates in the background, then recalls and shows it in English with its original kept', async () => {
    const saved = await call<Saved>(ada, 'remember', { content: GERMAN, scope: 'personal' });
    expect(saved.ok.memory.language).toBe('de');
    // The answer did not wait for the model: it carries the text as written.
    expect(saved.ok.memory.content).toBe(GERMAN);
    // It names the work still to come: the translation, and the conflict check its run sends after it.
    expect(saved.ok.pending).toEqual(['translation', 'conflict_check']);

    await translated(saved.ok.memory.id);
    expect(fake.requests.some((r) => r.body.response_format?.json_schema?.name === 'translation')).toBe(true);

    const recalled = await call<{ results: { memory: { id: string; content: string } }[] }>(ada, 'recall', { query: 'weekend Fridays', scope: 'personal' });
    const hit = recalled.ok.results.find((r) => r.memory.id === saved.ok.memory.id);
    expect(hit?.memory.content).toBe(ENGLISH);

    const read = await ada.readResource({ uri: saved.ok.memory.uri });
    const full = JSON.parse((read.contents[0] as { text: string }).text) as { content: string; language: string; original?: unknown };
    expect(full).toMatchObject({ content: ENGLISH, language: 'de' });
    expect(full.original).toEqual({ language: 'de', content: GERMAN });
  });

  it('sends nothing to translate for an English memory', async () => {
    const before = fake.requests.length;
    const saved = await call<Saved>(ada, 'remember', { content: 'The user prefers short answers without bullet lists.', scope: 'personal' });
    expect(saved.ok.memory.language).toBe('en');
    expect(saved.ok.pending).toEqual(['conflict_check']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.requests.length).toBe(before);
  });

  it('translates a merged memory written in another language when a conflict is settled', async () => {
    for (let i = 0; i < 2; i++) {
      await call(ada, 'remember', { content: 'The staging server runs on port 5433.', scope: 'personal', on_duplicate: 'store_anyway' });
    }
    await call(ada, 'scan_hygiene', { checks: ['duplicates'] });
    await fx.h.deps.runs.idle();
    const listed = await call<{ conflicts: { id: string }[] }>(ada, 'list_conflicts', {});
    const conflictId = listed.ok.conflicts[0]!.id;
    const settled = await call<{ results: { created: string | null }[] }>(ada, 'resolve_conflicts', {
      choices: [{ conflict_id: conflictId, keep: 'merge', merged_content: MERGED }],
    });
    const created = settled.ok.results[0]!.created!;
    expect(await translated(created)).toBe(MERGED_EN);
  });
});
