// Plain content over MCP: the event time and speaker written in it are stored as fields, a thread's memories are neighbours, and a time question prefers the memory of that time.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createProject } from '@svc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';
import { call, connect, newUserToken } from './helpers/mcp-client';

let h: Harness;
let ada: Client;
let adaToken = '';
let scope = '';
beforeAll(async () => {
  h = await startHarness();
  const { userId, token } = await newUserToken(h.deps.database, 'ada@example.com');
  const { project } = await createProject(h.deps.database.db, { ownerId: userId, name: 'written fields' });
  scope = `project:${project.id}`;
  adaToken = token;
  ada = await connect(h.url, token);
});
afterAll(async () => {
  await ada?.close();
  await h?.close();
});

interface Remembered {
  memory: {
    id: string;
    scope: string;
    event_at: string | null;
    metadata: Record<string, unknown>;
    source: unknown;
  };
  session: { thread?: string };
}
interface Recalled {
  results: Array<{ memory: { id: string }; why: string }>;
}

describe('remember reads plain content', () => {
  it('stores the event time and speaker written in the content as if given as fields', async () => {
    const res = await call<Remembered>(ada, 'remember', {
      content: 'On 8 May 2023, Caroline said: I went to a support group yesterday',
      scope,
      metadata: { topic: 'support' },
    });
    expect(res.ok?.memory.event_at).toBe('2023-05-07T12:00:00.000Z');
    expect(res.ok?.memory.metadata).toEqual({ topic: 'support', speaker: 'Caroline' });
    expect(res.ok?.memory.source).toBeNull();
  });

  it('keeps the fields the caller gave, reading relative dates against the given event time', async () => {
    const res = await call<Remembered>(ada, 'remember', {
      content: 'Dana said: the migration finished yesterday',
      scope,
      event_at: '2024-02-10T08:00:00Z',
      metadata: { speaker: 'Dana Scully' },
    });
    expect(res.ok?.memory.event_at).toBe('2024-02-10T08:00:00.000Z');
    expect(res.ok?.memory.metadata).toEqual({ speaker: 'Dana Scully' });
  });

  it('finds neither in a note with a label and an address', async () => {
    const res = await call<Remembered>(ada, 'remember', {
      content: 'Note: the runbook is at https://example.com/2023/05/08/runbook',
      scope,
    });
    expect(res.ok?.memory.event_at).toBeNull();
    expect(res.ok?.memory.metadata).toEqual({});
  });
});

describe('recall over plain memories', () => {
  it('ranks the memory said by the person the question names first', async () => {
    await call(ada, 'remember', { content: 'Gustavo said: the garden needs new soil this spring', scope });
    const said = await call<Remembered>(ada, 'remember', {
      content: 'Henrietta said: the garden soil came from the river valley',
      scope,
    });
    const out = await call<Recalled>(ada, 'recall', { query: 'What did Henrietta say about the garden soil?', scope });
    expect(out.ok?.results[0]?.memory.id).toBe(said.ok?.memory.id);
    expect(out.ok?.results[0]?.why).toMatch(/said by "henrietta"/i);
  });

  it('makes memories written one after another in one thread neighbours', async () => {
    // A new transport session: the thread the first write mints is the agent's own (one that
    // `ada`'s session supplies unasked would keep the project but not link the memories).
    const fresh = await connect(h.url, adaToken);
    const asked = await call<Remembered>(fresh, 'remember', {
      content: 'Melanie asked: which instrument did you pick up over the winter?',
      scope,
    });
    const thread = asked.ok.session.thread!;
    expect(thread).toBeTruthy();
    const answered = await call<Remembered>(fresh, 'remember', {
      content: 'Caroline said: the cello, every evening since December.',
      scope,
      thread,
    });
    const out = await call<Recalled>(fresh, 'recall', { query: 'Which instrument did Caroline pick up?', scope, thread });
    const hit = out.ok?.results.find((r) => r.memory.id === answered.ok?.memory.id);
    expect(hit?.why).toMatch(/its neighbouring memories mention "instrument"/);
    await fresh.close();
  });

  it('prefers the memory whose event time lies in the time the question names', async () => {
    const year = new Date().getUTCFullYear();
    const inTime = await call<Remembered>(ada, 'remember', {
      content: `On 9 July ${year - 1}, we hiked the river trail`,
      scope,
    });
    // More of the question's words, and newer: without the event time it would rank first.
    await call<Remembered>(ada, 'remember', {
      content: `On 2 January ${year}, we hiked the mountain trail and hiked back the trail`,
      scope,
    });
    const out = await call<Recalled>(ada, 'recall', { query: 'Which trail did we hike last year?', scope });
    expect(out.ok?.results[0]?.memory.id).toBe(inTime.ok?.memory.id);
    expect(out.ok?.results[0]?.why).toMatch(/happened in the time asked about/);
  });

  it('answers a "when" question with the memory whose text says when', async () => {
    await call<Remembered>(ada, 'remember', { content: 'Priya said: I joined the pottery class', scope });
    const dated = await call<Remembered>(ada, 'remember', {
      content: 'Priya said: I joined the pottery class last week',
      scope,
    });
    const out = await call<Recalled>(ada, 'recall', { query: 'When did Priya join the pottery class?', scope });
    expect(out.ok?.results[0]?.memory.id).toBe(dated.ok?.memory.id);
  });
});
