// ingest_conversation end to end over MCP: a chunk in, its memories extracted on the queue and recallable, with provenance.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runExtraction } from '@svc/core';
import { rowsOf } from '@svc/db';
import { serverWithUsers } from './helpers/fixture';
import type { Harness } from './helpers/harness';
import { call } from './helpers/mcp-client';

const fx = serverWithUsers(['ada', 'bob']);
let h: Harness;
let ada: Client;
let bob: Client;
beforeAll(() => {
  ({ h } = fx);
  ({ ada, bob } = fx.users);
});

interface Extraction {
  run: { id: string; status: string; started: boolean };
  result: { memories_created: number; duplicates: number; conflicts: number; secrets_skipped: number; open_loops: number; memory_ids: string[] } | null;
}
interface Ingested {
  chunk_id: string;
  accepted: boolean;
  queued: boolean;
  extraction: Extraction;
}
interface Memory {
  id: string;
  content: string;
  kind: string;
  loop_state: string | null;
  event_at: string | null;
  source: { chunk_id: string | null; conversation_id: string | null } | null;
  metadata: Record<string, unknown>;
}
interface Recalled {
  results: { memory: Memory }[];
}

// Built at run time so no credential-shaped string sits in the repository.
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN = `ghp_${Array.from({ length: 36 }, (_, i) => ALNUM[(i * 7919 + 13) % ALNUM.length]).join('')}`;

// The watcher's rendered form: a heading per turn with speaker and time, tool calls in one line.
const TRANSCRIPT = [
  'user (2026-03-02T09:14:03.000Z):',
  'We decided to deploy the billing service on Kubernetes. I prefer Grafana dashboards over Kibana.',
  '',
  'assistant (2026-03-02T09:14:09.000Z):',
  "I'll check the cluster config.",
  '[tool Bash] {"command":"kubectl get nodes"}',
  'The billing service talks to Postgres through PgBouncer.',
  '',
  'user (2026-03-02T09:15:00.000Z):',
  'We still need to rotate the billing database password before the audit on March 20.',
  `The deploy token is ${TOKEN} for now.`,
  '',
].join('\n');

const send = (client: Client, extra: Record<string, unknown> = {}) =>
  call<Ingested>(client, 'ingest_conversation', {
    transcript_chunk: TRANSCRIPT,
    run_id: 'pass-1',
    session_key: 'claude:billing',
    sequence: 0,
    scope: 'personal',
    ...extra,
  });

const recall = async (client: Client, query: string) =>
  (await call<Recalled>(client, 'recall', { query, scope: 'personal', k: 20 })).ok.results.map((r) => r.memory);

const ownMemoryCount = async (ownerEmail: string) =>
  rowsOf<{ n: number }>(
    await h.deps.database.db.execute(
      sql`select count(*)::int as n from memories m join users u on u.id = m.owner_id where u.email = ${ownerEmail}`,
    ),
  )[0]!.n;

describe('ingest_conversation extraction', () => {
  let first: Ingested;

  it('answers at once with a queued run, and the run turns the chunk into memories', async () => {
    first = (await send(ada)).ok;
    expect(first).toMatchObject({ accepted: true, extraction: { run: { started: true }, result: null } });
    expect(['queued', 'running', 'succeeded']).toContain(first.extraction.run.status);
    await h.deps.runs.idle();
    const again = (await send(ada)).ok;
    expect(again).toMatchObject({ accepted: false, queued: false, chunk_id: first.chunk_id });
    expect(again.extraction.run).toMatchObject({ id: first.extraction.run.id, status: 'succeeded', started: false });
    expect(again.extraction.result).toMatchObject({ secrets_skipped: 1, open_loops: 1, duplicates: 0 });
    expect(again.extraction.result!.memories_created).toBe(again.extraction.result!.memory_ids.length);
  });

  it('makes what was said recallable, with its chunk as provenance, its speaker and kind', async () => {
    const hits = await recall(ada, 'Which dashboards does the user prefer?');
    const pref = hits.find((m) => m.content.includes('Grafana'));
    expect(pref).toMatchObject({
      kind: 'preference',
      source: { chunk_id: first.chunk_id, conversation_id: 'claude:billing' },
      metadata: { speaker: 'User', said_at: '2026-03-02T09:14:03.000Z', extracted_by: 'offline-v1' },
    });
    const decision = (await recall(ada, 'Where is the billing service deployed?')).find((m) => m.content.includes('Kubernetes'));
    expect(decision?.kind).toBe('decision');
    expect((await recall(ada, 'PgBouncer')).some((m) => m.content === 'Assistant: The billing service talks to Postgres through PgBouncer.')).toBe(true);
  });

  it('finds the open loop with its date, and leaves out tool calls and assistant narration', async () => {
    const loop = (await recall(ada, 'rotate the billing database password')).find((m) => m.content.includes('rotate'));
    expect(loop?.loop_state).toBe('open');
    expect(loop?.event_at?.slice(0, 10)).toBe('2026-03-20');
    const stored = rowsOf<{ content: string }>(
      await h.deps.database.db.execute(sql`select content from memories where source->>'transcriptChunkId' = ${first.chunk_id}`),
    ).map((r) => r.content);
    expect(stored.join('\n')).not.toMatch(/kubectl|check the cluster/);
  });

  it('never stores a secret from the transcript', async () => {
    const rows = rowsOf<{ n: number }>(await h.deps.database.db.execute(sql`select count(*)::int as n from memories where content like ${'%' + TOKEN.slice(4, 20) + '%'} or content like '%deploy token%'`));
    expect(rows[0]!.n).toBe(0);
  });

  it('stores nothing new when the same words arrive again in another chunk, and records a contradiction', async () => {
    const before = await ownMemoryCount('ada@example.com');
    const next = (await send(ada, { sequence: 1, transcript_chunk: `${TRANSCRIPT}\nuser:\nWe decided not to deploy the billing service on Kubernetes.\n` })).ok;
    await h.deps.runs.idle();
    const done = (await send(ada, { sequence: 1, transcript_chunk: 'ignored: the stored chunk is what counts' })).ok;
    expect(done.chunk_id).toBe(next.chunk_id);
    expect(done.extraction.result).toMatchObject({ memories_created: 1, conflicts: 1 });
    expect(done.extraction.result!.duplicates).toBeGreaterThanOrEqual(4);
    expect(await ownMemoryCount('ada@example.com')).toBe(before + 1);
    const listed = await call<{ conflicts: { kind: string; a: { content: string }; b: { content: string } }[] }>(ada, 'list_conflicts', {});
    const contradiction = listed.ok.conflicts.find((c) => c.kind === 'contradiction');
    expect([contradiction?.a.content, contradiction?.b.content].join('|')).toMatch(/decided not to deploy/);
  });

  it('re-running an extracted chunk (a retry after a crash) creates nothing', async () => {
    const before = await ownMemoryCount('ada@example.com');
    const [chunk] = rowsOf<{ owner_id: string }>(await h.deps.database.db.execute(sql`select owner_id from transcript_chunks where id = ${first.chunk_id}`));
    const scopeId = rowsOf<{ scope_id: string }>(
      await h.deps.database.db.execute(sql`select scope_id from memories where source->>'transcriptChunkId' = ${first.chunk_id} limit 1`),
    )[0]!.scope_id;
    const result = await runExtraction(
      { database: h.deps.database, retriever: h.deps.retriever, indexer: h.deps.indexer, logger: h.deps.logger },
      chunk!.owner_id,
      { chunkId: first.chunk_id, scopeId },
    );
    expect(result.memories_created).toBe(0);
    expect(await ownMemoryCount('ada@example.com')).toBe(before);
  });

  it("keeps one person's transcript from another's memories", async () => {
    await send(bob, { session_key: 'bob:chat', transcript_chunk: 'Bob: My favourite editor is Helix and I use it daily.' });
    await h.deps.runs.idle();
    expect((await recall(ada, 'favourite editor Helix')).some((m) => m.content.includes('Helix'))).toBe(false);
    expect((await recall(bob, 'favourite editor Helix')).some((m) => m.content.includes('Helix'))).toBe(true);
  });
});
