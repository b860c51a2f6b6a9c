import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
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

const chunk = (extra: Record<string, unknown> = {}) => ({
  transcript_chunk: 'user: we deploy on Fridays\nassistant: noted',
  run_id: 'run-1',
  session_key: 'conv-1',
  sequence: 0,
  ...extra,
});

interface Ingested {
  chunk_id: string;
  accepted: boolean;
  queued: boolean;
}

describe('ingest_conversation', () => {
  it('stores a chunk once per session key and sequence', async () => {
    const first = await call<Ingested>(ada, 'ingest_conversation', chunk());
    expect(first.ok.accepted).toBe(true);
    const again = await call<Ingested>(ada, 'ingest_conversation', chunk());
    expect(again.ok).toMatchObject({ accepted: false, chunk_id: first.ok.chunk_id });
    // another user's identical keys are their own conversation
    expect((await call<Ingested>(bob, 'ingest_conversation', chunk())).ok.accepted).toBe(true);
  });

  it('accepts exactly 200000 characters and refuses one more', async () => {
    const ok = await call(ada, 'ingest_conversation', chunk({ sequence: 1, transcript_chunk: 'a'.repeat(200_000) }));
    expect(ok.error).toBeUndefined();
    const tooLong = await call(ada, 'ingest_conversation', chunk({ sequence: 2, transcript_chunk: 'a'.repeat(200_001) }));
    expect(tooLong.error?.code).toBe('validation_failed');
  });

  it('accepts 200 recalled ids and refuses 201', async () => {
    const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
    expect((await call(ada, 'ingest_conversation', chunk({ sequence: 3, recalled_ids: ids(200) }))).error).toBeUndefined();
    expect((await call(ada, 'ingest_conversation', chunk({ sequence: 4, recalled_ids: ids(201) }))).error?.code).toBe('validation_failed');
  });

  it('links only recalled memories the caller can see', async () => {
    const own = await call<{ memory: { id: string } }>(ada, 'remember', { content: 'Fridays are deploy days.', scope: 'personal' });
    const theirs = await call<{ memory: { id: string } }>(bob, 'remember', { content: 'Bob private note.', scope: 'personal' });
    const res = await call<Ingested>(ada, 'ingest_conversation', chunk({ sequence: 5, recalled_ids: [own.ok.memory.id, theirs.ok.memory.id] }));
    const rows = rowsOf<{ ids: string[] }>(
      await h.deps.database.db.execute(sql`select recalled_ids::text[] as ids from transcript_chunks where id = ${res.ok.chunk_id}`),
    );
    expect(rows[0]?.ids).toEqual([own.ok.memory.id]);
  });

  it('records the run id with the chunk and in the log, never the text', async () => {
    const res = await call<Ingested>(ada, 'ingest_conversation', chunk({ sequence: 6, run_id: 'pass-2026.11.25:7' }));
    const rows = rowsOf<{ run_id: string }>(
      await h.deps.database.db.execute(sql`select run_id from transcript_chunks where id = ${res.ok.chunk_id}`),
    );
    expect(rows[0]?.run_id).toBe('pass-2026.11.25:7');
    const record = h.logs.find((l) => l.message === 'transcript_chunk' && l.run_id === 'pass-2026.11.25:7');
    expect(record).toMatchObject({ sequence: 6, accepted: true });
    expect(JSON.stringify(record)).not.toContain('deploy on Fridays');
  });
});
