import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintRequestId } from '@svc/contract';
import { openDatabase, type Database } from '@svc/db';
import { READY_PING_TIMEOUT_MS } from '../src/http/health';
import { startHarness, type Harness } from './helpers/harness';
import { newUserToken } from './helpers/mcp-client';
import { startOutageDatabase, type OutageDatabase } from './helpers/outage-database';

// The server driver (node-postgres) against a database the test can take away and bring back:
// PGlite over pglite-socket, or on the PostgreSQL leg a database of its own, behind a cuttable proxy.
let pg: OutageDatabase;
let database: Database;
let h: Harness;
let token: string;
beforeAll(async () => {
  pg = await startOutageDatabase();
  database = await openDatabase({ url: pg.url, poolMax: pg.poolMax });
  h = await startHarness({ database });
  token = (await newUserToken(database, 'ready@example.com')).token;
});
afterAll(async () => {
  await h?.close();
  await database?.close();
  await pg?.close();
});

async function readyz(): Promise<{ status: number; ms: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(`${h.url}/readyz`);
  return { status: res.status, ms: performance.now() - started, body: await res.json() };
}

describe('/readyz follows the database', () => {
  it('is 200 while the database answers', async () => {
    expect(await readyz()).toMatchObject({ status: 200, body: { status: 'ready', checks: { database: 'ok' } } });
  });

  it('goes 503 (fast) when the database goes away, and the server keeps serving', async () => {
    await pg.cut();
    const answer = await readyz();
    expect(answer).toMatchObject({
      status: 503,
      body: { error: { code: 'internal', details: { checks: { database: 'unreachable' } } } },
    });
    expect(answer.ms).toBeLessThan(READY_PING_TIMEOUT_MS + 1000);
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
    expect(h.logs.some((l) => l.message === 'readiness_failed' && l.level === 'warn')).toBe(true);
  });

  it('meanwhile answers an authenticated request with the retryable outage, logged once with its stack and request id', async () => {
    const id = mintRequestId();
    const res = await fetch(`${h.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'X-Request-Id': id },
      body: '{}',
    });
    // The bearer check needs the database: the outage must not pass for a bad token (401).
    expect(res.status).toBe(500);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({
      error: {
        code: 'internal',
        message: 'The database is unavailable; retry in 5 seconds',
        details: { reason: 'database_unavailable', retryable: true, retry_after_seconds: 5 },
      },
    });
    const failures = h.logs.filter((l) => l.level === 'error' && l.requestId === id && l.message !== 'http_request');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ message: 'database_unavailable', reason: 'ECONNREFUSED' });
    expect(typeof failures[0]?.stack).toBe('string');
    expect(h.logs.find((l) => l.message === 'http_request' && l.requestId === id)).toMatchObject({ level: 'error', status: 500 });
  });

  it('is 200 again once the database is back on the same address, through a recovered pool', async () => {
    await pg.restore();
    expect((await readyz()).status).toBe(200);
    expect((await readyz()).status).toBe(200);
  });
});
