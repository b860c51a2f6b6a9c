// The database going away under a running server: every surface answers the retryable outage, and nothing is lost.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintRequestId } from '@svc/contract';
import { memories, openDatabase, rowsOf, type Database } from '@svc/db';
import { testStorage } from '@svc/db/testing';
import { api, personWithPassword, signIn } from './helpers/account-auth';
import { tokenCacheOf } from '../src/auth/token-cache';
import { startHarness, type Harness } from './helpers/harness';
import { call, connect, newUserToken } from './helpers/mcp-client';
import { postMcp, toolCall } from './helpers/mcp-http';
import { startOutageDatabase, type OutageDatabase } from './helpers/outage-database';

const PROJECT = '/home/ada/src/outage-demo';
const KEPT = 'The staging database is backed up every night at 02:00.';
const LOST = 'The release train leaves on Tuesdays after the standup.';
const PASSWORD = 'correct horse battery staple';
const OUTAGE = {
  code: 'internal',
  message: 'The database is unavailable; retry in 5 seconds',
  details: { reason: 'database_unavailable', retryable: true, retry_after_seconds: 5 },
};

let od: OutageDatabase;
let database: Database;
let h: Harness;
/** A second server whose authorization server has not been built yet: its keys are in the database. */
let fresh: Harness;
let client: Client;
let token: string;
let userId: string;
let session: string;

beforeAll(async () => {
  od = await startOutageDatabase();
  database = await openDatabase({ url: od.url, poolMax: od.poolMax });
  h = await startHarness({ database });
  fresh = await startHarness({ database });
  ({ token, userId } = await newUserToken(database, 'agent-owner@example.com'));
  await personWithPassword(database, 'dash@example.com', PASSWORD);
  session = (await signIn(h, 'dash@example.com', PASSWORD)).session_token;
  client = await connect(h.url, token);
});
afterAll(async () => {
  await client?.close();
  await fresh?.close();
  await h?.close();
  await database?.close();
  await od?.close();
});

/** The token endpoint for a client that does not exist: oidc-provider must look it up in the database. */
function tokenRequest(url: string): Promise<Response> {
  return fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=refresh_token&refresh_token=nothing&client_id=no-such-client',
  });
}

async function countByContent(content: string): Promise<number> {
  return (await database.db.select({ id: memories.id }).from(memories).where(eq(memories.content, content))).length;
}

describe('before the outage', () => {
  it('acknowledges a remember, and the token endpoint answers from the database', async () => {
    const kept = await call(client, 'remember', { content: KEPT, project_hint: PROJECT });
    expect(kept.error).toBeUndefined();
    const answer = await tokenRequest(h.url);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('while the database is away', () => {
  it('answers a remember cut before its commit as a tool result carrying the retryable outage', async () => {
    // drizzle ends the transaction with the statement text `commit`, sent NUL-terminated.
    const commitSent = od.holdNext('commit\u0000');
    const pending = call(client, 'remember', { content: LOST, project_hint: PROJECT });
    await commitSent;
    await od.cut();
    const outcome = await pending;
    expect(outcome.raw.isError).toBe(true);
    expect(outcome.error).toEqual(OUTAGE);
  });

  it('answers a tool call with the outage when the bearer token was verified in the last seconds', async () => {
    // The token was looked up before the outage and is kept in process (token-cache.ts): the call
    // reaches the tool, whose own statements find the database gone.
    const outcome = await call(client, 'recall', { query: 'backed up' });
    expect(outcome.raw.isError).toBe(true);
    expect(outcome.error).toEqual(OUTAGE);
  });

  it('answers the MCP route with 500, the outage body and Retry-After when the bearer check cannot run', async () => {
    // A token that must be looked up: nothing of it is kept in process any more.
    tokenCacheOf(database).forgetUser(userId);
    // Through the SDK client: its error carries the body the route answered.
    const thrown = await client.callTool({ name: 'recall', arguments: { query: 'backed up' } }).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ code: 500 });
    const body = JSON.parse(String((thrown as Error).message).replace(/^.*?endpoint: /s, '')) as unknown;
    expect(body).toEqual({ error: OUTAGE });
    // Raw, for the header and the one error record of the request.
    const id = mintRequestId();
    const raw = await postMcp(h.url, token, toolCall('recall', { query: 'backed up' }), { 'X-Request-Id': id });
    expect(raw.res.status).toBe(500);
    expect(raw.res.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(raw.text)).toEqual({ error: OUTAGE });
    const records = h.logs.filter((l) => l.requestId === id && l.level === 'error' && l.message !== 'http_request');
    expect(records).toEqual([expect.objectContaining({ message: 'database_unavailable', reason: 'ECONNREFUSED' })]);
  });

  it('answers the dashboard API with 500, the outage body and Retry-After, never 401', async () => {
    for (const [method, path, body] of [
      ['GET', '/account/memories', undefined],
      ['GET', '/account/session', undefined],
      ['POST', '/account/login', { email: 'dash@example.com', password: PASSWORD }],
    ] as const) {
      const reply = await api(h, method, path, { token: session, body });
      expect({ path, status: reply.status, retryAfter: reply.headers.get('retry-after') }).toEqual({ path, status: 500, retryAfter: '5' });
      expect(reply.body).toEqual({ error: OUTAGE });
    }
  });

  it('answers OAuth endpoints with the flat 503 and Retry-After, built or not yet built', async () => {
    for (const url of [h.url, fresh.url]) {
      const answer = await tokenRequest(url);
      expect({ url, status: answer.status, retryAfter: answer.headers.get('retry-after') }).toEqual({ url, status: 503, retryAfter: '5' });
      expect(await answer.json()).toEqual({ error: 'temporarily_unavailable', error_description: OUTAGE.message });
    }
    const consent = await api(h, 'GET', '/oauth/authorizations/some-request', { token: session });
    expect(consent.status).toBe(503);
    expect(consent.headers.get('retry-after')).toBe('5');
    expect(consent.body).toEqual({ error: 'server_error', error_description: OUTAGE.message });
  });

  it('logs each failing request once at error level with its request id, and no payload', () => {
    const outages = [...h.logs, ...fresh.logs].filter((l) => l.message === 'database_unavailable');
    expect(outages.length).toBeGreaterThanOrEqual(8);
    const ids = outages.map((l) => l.requestId);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(outages.every((l) => l.level === 'error')).toBe(true);
    const everything = JSON.stringify([...h.logs, ...fresh.logs]);
    for (const secret of [LOST, KEPT, PASSWORD, token, session]) expect(everything).not.toContain(secret);
  });
});

describe('once the database is back', () => {
  it('serves the next calls without a restart, with the acknowledged write there and the cut one absent', async () => {
    await od.restore();
    expect((await fetch(`${h.url}/readyz`)).status).toBe(200);
    const recalled = await call<{ results: { memory: { content: string } }[] }>(client, 'recall', { query: 'staging backed up', project_hint: PROJECT });
    expect(recalled.error).toBeUndefined();
    expect(recalled.ok.results.map((r) => r.memory.content)).toContain(KEPT);
    expect(await countByContent(KEPT)).toBe(1);
    // Every statement of that remember ran but its commit never arrived: the database rolled it all back.
    expect(await countByContent(LOST)).toBe(0);
    expect((await api(h, 'GET', '/account/memories', { token: session })).status).toBe(200);
    expect((await tokenRequest(fresh.url)).status).toBe(401);
  });
});

describe('an administrator ending the connection (PostgreSQL)', () => {
  const ENDED = 'Deploys are frozen during the quarterly audit week.';

  it.runIf(testStorage() === 'postgres')('answers a remember whose backend was terminated (57P01) with the same outage, and writes nothing', async () => {
    let outcome: Awaited<ReturnType<typeof call>> | undefined;
    // The lock holds the remember inside its transaction until its backend is terminated.
    await database.system(async (tx) => {
      await tx.execute(sql`lock table memories in exclusive mode`);
      const pending = call(client, 'remember', { content: ENDED, project_hint: PROJECT });
      let pid: number | undefined;
      for (let i = 0; i < 100 && pid === undefined; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const waiting = rowsOf<{ pid: number }>(
          await tx.execute(sql`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
        );
        pid = waiting[0]?.pid;
      }
      expect(pid).toBeDefined();
      await tx.execute(sql`select pg_terminate_backend(${pid})`);
      outcome = await pending;
    });
    expect(outcome?.raw.isError).toBe(true);
    expect(outcome?.error).toEqual(OUTAGE);
    expect(await countByContent(ENDED)).toBe(0);
    // The pool drops the terminated connection: the next call is served.
    expect((await call(client, 'recall', { query: 'backed up', project_hint: PROJECT })).error).toBeUndefined();
  });
});
