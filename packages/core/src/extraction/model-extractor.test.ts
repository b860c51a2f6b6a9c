// The model extractor through the extraction run, against the fake OpenAI-compatible endpoint on loopback: answers, provenance, fallback.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, memories, transcriptChunks, type Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { createLlmClient, llmConfig } from '@svc/llm';
import { startFakeLlm, type FakeLlm } from '@svc/llm/testing';
import { createLogger } from '@svc/observability';
import { eq } from 'drizzle-orm';
import { hybridRetriever } from '../retrieval/adapters';
import type { MemoryDeps } from '../memory/deps';
import { runExtraction } from './extraction-run';
import { modelExtractor } from './model-extractor';

let database: Database;
let fake: FakeLlm;
let owner: Awaited<ReturnType<typeof createUser>>;
const logger = createLogger({ level: 'error' });
beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeLlm();
  owner = await createUser(database.db, 'extract-model@example.com');
});
afterAll(async () => {
  await fake.close();
  await database.close();
});
beforeEach(() => (fake.requests.length = 0));

const deps = (): MemoryDeps => {
  const llm = createLlmClient({ config: llmConfig({ baseUrl: fake.url, model: 'fake', backoffMs: 1, maxAttempts: 1 }), logger });
  return { database, logger, retriever: hybridRetriever({ embedder: null, logger }), indexer: null, extractor: modelExtractor(llm, logger) };
};

async function chunk(content: string, sequence: number): Promise<string> {
  const [row] = await database.db
    .insert(transcriptChunks)
    .values({ ownerId: owner.user.id, sessionKey: 'model-test', sequence, content })
    .returning({ id: transcriptChunks.id });
  return row!.id;
}

const TRANSCRIPT = 'user (2026-03-02T09:00:00.000Z):\nShe said the release moves to Friday.\n[tool Bash] {"command":"ls"}\n\nassistant (2026-03-02T09:00:05.000Z):\nNoted.\n';

describe('model extractor', () => {
  it('sends the cleaned, numbered turns and stores what the model answers, linked to the turn', async () => {
    fake.script({
      answer: {
        memories: [
          { content: 'The release moves to Friday 6 March 2026.', kind: 'event', open_loop: false, event_at: '2026-03-06T00:00:00Z', turn: 0 },
          { content: 'A memory from a turn that does not exist.', kind: 'fact', open_loop: false, event_at: null, turn: 9 },
        ],
      },
    });
    const id = await chunk(TRANSCRIPT, 0);
    const result = await runExtraction(deps(), owner.user.id, { chunkId: id, scopeId: owner.personalScopeId }, { runId: 'run-m1' });
    expect(result.memories_created).toBe(1);
    const sent = fake.requests[0]!.body;
    expect(sent.response_format?.json_schema?.name).toBe('transcript_memories');
    expect(sent.messages[1]!.content).toContain('[0] user (2026-03-02T09:00:00.000Z): She said the release moves to Friday.');
    expect(sent.messages[1]!.content).not.toContain('[tool Bash]');
    const [row] = await database.db.select().from(memories).where(eq(memories.id, result.memory_ids[0]!));
    expect(row).toMatchObject({ kind: 'event', eventAt: new Date('2026-03-06T00:00:00Z'), source: { transcriptChunkId: id }, metadata: { turn: 0, speaker: 'user', extracted_by: 'model:fake' } });
  });

  it('falls back to the offline extractor when the model keeps failing, so the chunk still becomes memories', async () => {
    fake.script({ status: 500 });
    const id = await chunk('Ada: We decided to keep the staging cluster in Frankfurt.', 1);
    const result = await runExtraction(deps(), owner.user.id, { chunkId: id, scopeId: owner.personalScopeId });
    expect(fake.requests).toHaveLength(1);
    expect(result.memories_created).toBe(1);
    const [row] = await database.db.select().from(memories).where(eq(memories.id, result.memory_ids[0]!));
    expect(row?.content).toBe('Ada: We decided to keep the staging cluster in Frankfurt.');
  });

  it('never stores a credential the model copied, and a second answer with the same memory stores nothing', async () => {
    // Built at run time so no credential-shaped string sits in the repository.
    const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const token = `ghp_${Array.from({ length: 36 }, (_, i) => alnum[(i * 7919 + 13) % alnum.length]).join('')}`;
    const leaked = { content: `The deploy token is ${token}.`, kind: 'fact', open_loop: false, event_at: null, turn: 0 };
    const kept = { content: 'Deploys go through the release train on Tuesdays.', kind: 'fact', open_loop: false, event_at: null, turn: 0 };
    fake.script({ answer: { memories: [leaked, kept] } }, { answer: { memories: [kept] } });
    const id = await chunk('Bob: Deploys go through the release train on Tuesdays.', 2);
    const first = await runExtraction(deps(), owner.user.id, { chunkId: id, scopeId: owner.personalScopeId });
    expect(first).toMatchObject({ memories_created: 1, secrets_skipped: 1 });
    const second = await runExtraction(deps(), owner.user.id, { chunkId: id, scopeId: owner.personalScopeId });
    expect(second).toMatchObject({ memories_created: 0, duplicates: 1 });
  });
});
