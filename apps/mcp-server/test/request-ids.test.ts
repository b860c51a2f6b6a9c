import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRequestId, mintRequestId } from '@svc/contract';
import { startHarness, type Harness } from './helpers/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const json = { 'content-type': 'application/json' };

/** Every kind of answer the HTTP layer gives, successes and each error path. */
const ROUTES: [label: string, path: string, init: RequestInit, status: number][] = [
  ['healthz', '/healthz', {}, 200],
  ['readyz', '/readyz', {}, 200],
  ['metrics', '/metrics', {}, 200],
  ['unknown route', '/nowhere', {}, 404],
  ['POST /oauth/authorize (no such route)', '/oauth/authorize', { method: 'POST' }, 404],
  ['MCP without a token', '/mcp', { method: 'POST', headers: json, body: '{}' }, 401],
  // Not /mcp: there the token is checked before the body, so a tokenless bad body is 401 (above).
  ['body that is not JSON', '/nowhere', { method: 'POST', headers: json, body: '{nope' }, 400],
  ['headers too large', '/healthz', { headers: { 'x-filler': 'x'.repeat(11_000) } }, 413],
];

describe('X-Request-Id on every route', () => {
  it.each(ROUTES)('%s: a fresh id is minted and echoed', async (_label, path, init, status) => {
    const res = await fetch(`${h.url}${path}`, init);
    expect(res.status).toBe(status);
    expect(isRequestId(res.headers.get('x-request-id') ?? '')).toBe(true);
  });

  it.each(ROUTES)('%s: a well-formed incoming id is adopted', async (_label, path, init, status) => {
    const id = mintRequestId();
    const res = await fetch(`${h.url}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Request-Id': id } });
    expect(res.status).toBe(status);
    expect(res.headers.get('x-request-id')).toBe(id);
  });

  it.each(ROUTES)('%s: a malformed incoming id is silently replaced', async (_label, path, init, status) => {
    const bad = 'req_<script>.1';
    const res = await fetch(`${h.url}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Request-Id': bad } });
    expect(res.status).toBe(status);
    const echoed = res.headers.get('x-request-id') ?? '';
    expect(echoed).not.toBe(bad);
    expect(isRequestId(echoed)).toBe(true);
  });
});

describe('the log record of each request', () => {
  it('has method, path, status, duration_ms and the echoed request id, at error level for a 5xx only', async () => {
    for (const [, path, init, status] of ROUTES) {
      const res = await fetch(`${h.url}${path}`, init);
      const id = res.headers.get('x-request-id');
      const line = h.logs.find((l) => l.message === 'http_request' && l.requestId === id);
      expect(line).toMatchObject({ method: init.method ?? 'GET', path, status, level: status >= 500 ? 'error' : 'info' });
      expect(typeof line?.duration_ms).toBe('number');
    }
  });
});
