// Limits shared by every instance: two apps on one PostgreSQL count one budget and one sign-in lockout.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '@svc/db';
import { testStorage } from '@svc/db/testing';
import { FAILED_LOGIN_WINDOW_SECONDS, FAILED_LOGINS_ALLOWED } from '../src/account/login-attempts';
import { parseEnv } from '../src/env';
import { settingsFromEnv } from '../src/settings';
import { api, personWithPassword, signIn } from './helpers/account-auth';
import { startHarness, type Harness } from './helpers/harness';
import { startInstancePair, type InstancePair } from './helpers/instance-pair';
import { newUserToken } from './helpers/mcp-client';
import { postMcp } from './helpers/mcp-http';
import { TEST_TOOLS } from './helpers/test-tools';

/** The PostgreSQL leg only: the embedded project of a run that has a server URL would repeat it. */
const POSTGRES = testStorage() === 'postgres' && Boolean(process.env.SVC_TEST_DATABASE_URL);
/** Says in the report why the block did not run, when it did not. */
const onPostgres = (title: string) =>
  POSTGRES
    ? title
    : `${title} (skipped: runs on the PostgreSQL leg, SVC_TEST_STORAGE=postgres with SVC_TEST_DATABASE_URL set to a server with pgvector)`;
const defaults = settingsFromEnv(parseEnv({}));
const listTools = (id = 1) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: {} });
const PASSWORD = 'correct horse battery';

function expectRetryAfter(headers: Headers, atLeast = 1): number {
  const seconds = Number(headers.get('retry-after'));
  expect(Number.isInteger(seconds), 'Retry-After is whole seconds').toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(atLeast);
  return seconds;
}

describe.skipIf(!POSTGRES)(onPostgres('rate limits across two instances on one PostgreSQL'), () => {
  let pair: InstancePair;
  beforeAll(async () => {
    pair = await startInstancePair({
      tools: TEST_TOOLS,
      settings: {
        rateLimit: { toolCallsPerMinute: 3, burst: 1 },
        auth: { ...defaults.auth, ratePerMinute: 4, dashboardPerMinute: 3 },
      },
    });
  });
  afterAll(() => pair.close());

  it('give a caller the per-minute budget plus the burst once in total, then 429 with Retry-After on both', async () => {
    const { token } = await newUserToken(pair.database, 'ada@example.com');
    // Alternating: each instance serves two, so counting per instance would allow twice as many.
    for (let i = 0; i < 4; i++) {
      const { res } = await postMcp((i % 2 === 0 ? pair.a : pair.b).url, token, listTools(i));
      expect(res.status, `call ${i + 1} of the 3 + 1 allowed`).toBe(200);
    }
    for (const h of [pair.a, pair.b]) {
      const { res, text } = await postMcp(h.url, token, listTools());
      expect(res.status).toBe(429);
      const retryAfter = expectRetryAfter(res.headers);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(JSON.parse(text)).toEqual({
        error: { code: 'rate_limited', message: expect.any(String) as string, details: { retry_after_seconds: retryAfter } },
      });
    }
    const other = await newUserToken(pair.database, 'bob@example.com');
    expect((await postMcp(pair.b.url, other.token, listTools())).res.status, 'another caller keeps a budget').toBe(200);
  });

  it('count a signed-in person once on the dashboard routes, and an address once on sign-in', async () => {
    await personWithPassword(pair.database, 'kay@example.com', PASSWORD);
    const kay = (await signIn(pair.a, 'kay@example.com', PASSWORD)).session_token;
    const session = (h: Harness) => api(h, 'GET', '/account/session', { token: kay });
    expect((await session(pair.a)).status).toBe(200);
    expect((await session(pair.b)).status).toBe(200);
    expect((await session(pair.a)).status).toBe(200);
    const refused = await session(pair.b);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'rate_limited' } });
    expectRetryAfter(refused.headers);

    // The sign-in above spent one of the address's four points; three more, split, then none on either.
    const attempt = (h: Harness) => api(h, 'POST', '/account/login', { body: { email: 'x@example.com', password: 'nope' } });
    for (const h of [pair.b, pair.a, pair.b]) expect((await attempt(h)).status).toBe(401);
    for (const h of [pair.a, pair.b]) {
      const reply = await attempt(h);
      expect(reply.status).toBe(429);
      expect(reply.body).toMatchObject({ error: { code: 'rate_limited' } });
      expectRetryAfter(reply.headers);
    }
  });

  it('keep serving when the shared count is unreachable, counting in the instance meanwhile', async () => {
    const { token } = await newUserToken(pair.database, 'zed@example.com');
    await pair.database.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      const { res } = await postMcp(pair.a.url, token, listTools());
      expect(res.status, 'a limiter whose table is gone must not turn the call into a 500').toBe(200);
      expect(pair.a.logs.some((line) => line.message === 'rate_limit_store_unavailable')).toBe(true);
    } finally {
      await pair.database.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
  });
});

describe.skipIf(!POSTGRES)(onPostgres('the sign-in lockout across two instances on one PostgreSQL'), () => {
  let pair: InstancePair;
  beforeAll(async () => {
    pair = await startInstancePair({ settings: { auth: { ...defaults.auth, ratePerMinute: 100 } } });
    await personWithPassword(pair.database, 'max@example.com', PASSWORD);
    await personWithPassword(pair.database, 'nia@example.com', PASSWORD);
    await personWithPassword(pair.database, 'oli@example.com', PASSWORD);
  });
  afterAll(() => pair.close());

  const attempt = (h: Harness, email: string, password: string) => api(h, 'POST', '/account/login', { body: { email, password } });

  it('locks an email on both after ten wrong passwords split between them, right password included', async () => {
    for (let i = 0; i < FAILED_LOGINS_ALLOWED; i++) {
      expect((await attempt(i % 2 === 0 ? pair.a : pair.b, 'max@example.com', 'guess')).status).toBe(401);
    }
    for (const h of [pair.a, pair.b]) {
      const locked = await attempt(h, 'MAX@example.com', PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ error: { code: 'rate_limited', details: { retry_after_seconds: expect.any(Number) } } });
      expectRetryAfter(locked.headers, FAILED_LOGIN_WINDOW_SECONDS - 60);
    }
    expect((await attempt(pair.b, 'nia@example.com', PASSWORD)).status, 'another email is not locked').toBe(200);
  });

  it('clears the count on both when the right password gets in on one', async () => {
    for (let i = 0; i < 6; i++) expect((await attempt(i % 2 === 0 ? pair.a : pair.b, 'oli@example.com', 'guess')).status).toBe(401);
    expect((await attempt(pair.a, 'oli@example.com', PASSWORD)).status).toBe(200);
    // Nine more on B: with B's own three from before they would lock it if B had counted alone.
    for (let i = 0; i < FAILED_LOGINS_ALLOWED - 1; i++) expect((await attempt(pair.b, 'oli@example.com', 'guess')).status).toBe(401);
    expect((await attempt(pair.b, 'oli@example.com', PASSWORD)).status).toBe(200);
  });
});

describe('on the embedded default', () => {
  it('counts in the process, as before: the budget holds and nothing is written to the shared table', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const h = await startHarness({ database, tools: TEST_TOOLS, settings: { rateLimit: { toolCallsPerMinute: 2, burst: 0 } } });
    try {
      const { token } = await newUserToken(database, 'ada@example.com');
      for (let i = 0; i < 2; i++) expect((await postMcp(h.url, token, listTools(i))).res.status).toBe(200);
      const { res } = await postMcp(h.url, token, listTools());
      expect(res.status).toBe(429);
      expectRetryAfter(res.headers);
      const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from rate_limits`));
      expect(rows[0]?.n).toBe(0);
    } finally {
      await h.close();
      await database.close();
    }
  });
});
