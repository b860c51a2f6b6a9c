import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@svc/db';
import { buildMcpServer } from '../src/mcp/build-server';
import { startHarness, type Harness } from './helpers/harness';
import { call, newUserToken, type ToolOutcome } from './helpers/mcp-client';
import { postMcp, toolCall } from './helpers/mcp-http';

// One thread per transport session: calls that pass `scope` but never echo `thread` reuse the
// thread (and its mcp_sessions row) the session last received, over HTTP and over stdio.

interface WithSession {
  session: { attached_project: { id: string; name: string } | null; thread?: string };
}

let h: Harness;
const opened: Client[] = [];
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  for (const client of opened) await client.close();
  await h.close();
});

async function httpSession(token: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'threads-test', version: '1.0.0' });
  await client.connect(transport);
  opened.push(client);
  return { client, transport };
}

/** The stdio transport's server, built as `svc stdio` builds it, on an in-process pipe. */
async function stdioSession(userId: string, email: string): Promise<Client> {
  const server = buildMcpServer({ caller: { userId, email, aal: 'aal2', via: 'local' }, deps: h.deps, transport: 'stdio' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'threads-stdio', version: '1.0.0' });
  await client.connect(clientSide);
  opened.push(client);
  return client;
}

async function sessionRows(userId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await h.deps.database.db.execute(sql`select count(*)::int as n from mcp_sessions where user_id = ${userId}::uuid`),
  );
  return row!.n;
}

async function threadSource(memoryId: string): Promise<string | null> {
  const [row] = rowsOf<{ t: string | null }>(
    await h.deps.database.db.execute(sql`select source ->> 'threadSession' as t from memories where id = ${memoryId}::uuid`),
  );
  return row!.t;
}

function threadOf(res: ToolOutcome<WithSession>): string {
  expect(res.error).toBeUndefined();
  expect(res.ok.session.thread).toMatch(/^thr_/);
  return res.ok.session.thread!;
}

/** The footer's session line (read results end with resource links, after the footer). */
function sessionLineOf(res: ToolOutcome<WithSession>): string {
  const texts = res.raw.content.flatMap((c) => (c.type === 'text' ? [c.text] : []));
  return texts.find((t) => t.includes('Session:')) ?? '';
}

describe('over Streamable HTTP', () => {
  let ada: { userId: string; token: string };
  let scope = '';
  let first: Awaited<ReturnType<typeof httpSession>>;
  let thread = '';

  beforeAll(async () => {
    ada = await newUserToken(h.deps.database, 'ada@example.com');
    first = await httpSession(ada.token);
  });

  it('hands out a session id at initialize', () => {
    expect(first.transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps one thread, and one mcp_sessions row, for calls with scope and no thread', async () => {
    const made = await call<WithSession>(first.client, 'remember', {
      content: 'The billing service retries webhooks.',
      project_hint: '/home/ada/src/billing',
    });
    thread = threadOf(made);
    scope = `project:${made.ok.session.attached_project!.id}`;
    const results = [
      await call<WithSession>(first.client, 'remember', { content: 'Invoices are sent on the first.', scope }),
      await call<WithSession>(first.client, 'recall', { query: 'webhooks', scope }),
      await call<WithSession>(first.client, 'build_context', { task: 'fix webhook retries', scope }),
      await call<WithSession>(first.client, 'recall', { query: 'invoices', scope }),
    ];
    for (const res of results) expect(threadOf(res)).toBe(thread);
    expect(await sessionRows(ada.userId)).toBe(1);
    // A thread the agent never passed keeps the project, but does not link its memories as one
    // conversation (their ranking stays as before); the thread the first write minted does.
    const memoryId = (res: ToolOutcome<WithSession>) => (res.ok as unknown as { memory: { id: string } }).memory.id;
    expect(await threadSource(memoryId(results[0]!))).toBeNull();
    expect(await threadSource(memoryId(made))).toEqual(expect.any(String));
    // The agent still sees the thread it is on, in the footer's session line too.
    expect(sessionLineOf(results[3]!)).toContain(`Pass thread "${thread}"`);
  });

  it('gives a second transport session of the same user a thread of its own', async () => {
    const second = await httpSession(ada.token);
    expect(second.transport.sessionId).not.toBe(first.transport.sessionId);
    const a = threadOf(await call<WithSession>(second.client, 'recall', { query: 'webhooks', scope }));
    const b = threadOf(await call<WithSession>(second.client, 'recall', { query: 'invoices', scope }));
    expect(a).not.toBe(thread);
    expect(b).toBe(a);
    expect(await sessionRows(ada.userId)).toBe(2);

    // A thread passed explicitly wins, and is then the one the session goes on with.
    expect(threadOf(await call<WithSession>(second.client, 'recall', { query: 'webhooks', scope, thread }))).toBe(thread);
    expect(threadOf(await call<WithSession>(second.client, 'recall', { query: 'webhooks', scope }))).toBe(thread);
    // The first session's own thread is untouched by the second's choices.
    expect(threadOf(await call<WithSession>(first.client, 'recall', { query: 'webhooks', scope }))).toBe(thread);
    expect(await sessionRows(ada.userId)).toBe(2);
  });

  it("never gives another user a session's thread, even when they present its session id", async () => {
    const bob = await newUserToken(h.deps.database, 'bob@example.com');
    const refused = await postMcp(
      h.url,
      bob.token,
      toolCall('remember', { content: 'Bob writes without a target.' }),
      { 'mcp-session-id': first.transport.sessionId! },
    );
    // With ada's thread the write would land in her project; without one it needs a target.
    expect(refused.answer?.result?.isError).toBe(true);
    expect(refused.answer?.result?.content?.[0]?.text).toContain('scope_target_required:');

    const own = await httpSession(bob.token);
    const res = await call<WithSession>(own.client, 'remember', { content: 'Bob writes without a target.' });
    expect(res.error?.message).toMatch(/^scope_target_required:/);
    expect(await sessionRows(bob.userId)).toBe(0);
  });

  it('falls back to the session thread for a call with no target, so it lands in the attached project', async () => {
    const res = await call<WithSession & { memory: { scope: string } }>(first.client, 'remember', { content: 'Refunds take five days.' });
    expect(res.ok.memory.scope).toBe(scope);
    expect(threadOf(res)).toBe(thread);
  });
});

describe('over stdio', () => {
  it('keeps one thread per connection, and a second connection gets its own', async () => {
    const carol = await newUserToken(h.deps.database, 'carol@example.com');
    const one = await stdioSession(carol.userId, 'carol@example.com');
    const made = await call<WithSession>(one, 'remember', { content: 'Carol deploys on Mondays.', project_hint: '/home/carol/src/site' });
    const thread = threadOf(made);
    const scope = `project:${made.ok.session.attached_project!.id}`;
    for (const query of ['deploys', 'Mondays', 'site']) {
      expect(threadOf(await call<WithSession>(one, 'recall', { query, scope }))).toBe(thread);
    }
    expect(await sessionRows(carol.userId)).toBe(1);

    const two = await stdioSession(carol.userId, 'carol@example.com');
    const other = threadOf(await call<WithSession>(two, 'recall', { query: 'deploys', scope }));
    expect(other).not.toBe(thread);
    expect(threadOf(await call<WithSession>(two, 'remember', { content: 'Carol reviews on Tuesdays.', scope }))).toBe(other);
    expect(await sessionRows(carol.userId)).toBe(2);
  });
});

describe('calls of one session at once', () => {
  it('settle on one thread when the session has none yet, and share it, stale touch and all, once it has', async () => {
    const dan = await newUserToken(h.deps.database, 'dan@example.com');
    const conn = await stdioSession(dan.userId, 'dan@example.com');
    const made = await call<WithSession>(conn, 'remember', { content: 'Dan ships on Fridays.', project_hint: '/home/dan/src/app' });
    const scope = `project:${made.ok.session.attached_project!.id}`;
    // A second connection whose first calls all start before any has a thread: each may mint one.
    const fresh = await stdioSession(dan.userId, 'dan@example.com');
    const firsts = await Promise.all(['ships', 'Fridays', 'app'].map((query) => call<WithSession>(fresh, 'recall', { query, scope })));
    const minted = new Set(firsts.map(threadOf));
    expect(await sessionRows(dan.userId)).toBe(1 + minted.size);
    const settled = threadOf(await call<WithSession>(fresh, 'recall', { query: 'ships', scope }));
    expect(minted.has(settled)).toBe(true);

    // Its row last used long ago: every call at once takes the touch path on the same row.
    await h.deps.database.db.execute(sql`update mcp_sessions set last_seen_at = now() - interval '2 days' where user_id = ${dan.userId}::uuid`);
    const together = await Promise.all([
      ...['ships', 'Fridays', 'app', 'deploy'].map((query) => call<WithSession>(fresh, 'recall', { query, scope })),
      ...['Dan tests on Thursdays.', 'Dan rests on Sundays.'].map((content) => call<WithSession>(fresh, 'remember', { content, scope })),
    ]);
    for (const res of together) expect(threadOf(res)).toBe(settled);
    expect(await sessionRows(dan.userId)).toBe(1 + minted.size);
    // Only the thread's hash is stored; the session's row was touched once more, to now.
    const hash = createHash('sha256').update(settled).digest('hex');
    const [row] = rowsOf<{ fresh: boolean }>(
      await h.deps.database.db.execute(sql`select last_seen_at > now() - interval '1 hour' as fresh from mcp_sessions where thread_hash = ${hash}`),
    );
    expect(row?.fresh).toBe(true);
  });
});
