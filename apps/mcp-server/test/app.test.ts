import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRequestId } from '@svc/contract';
import { startHarness, type Harness } from './helpers/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('operational routes', () => {
  it('GET /healthz states the image version and the host revision separately', async () => {
    const res = await fetch(`${h.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: 'v0.1.0+test', host_revision: 'rev-test' });
  });

  it('GET /readyz is 200 while the database answers', async () => {
    const res = await fetch(`${h.url}/readyz`);
    expect(res.status).toBe(200);
  });

  it('GET /metrics is text/plain in the exposition format', async () => {
    await fetch(`${h.url}/healthz`);
    const res = await fetch(`${h.url}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/http_requests_total\{status="200"\} \d+/);
  });
});

describe('request ids', () => {
  it('adopts a well-formed incoming id and echoes it', async () => {
    const id = 'req_AbCdEfGhIjKlMnOp.1700000000000';
    expect(isRequestId(id)).toBe(true);
    const res = await fetch(`${h.url}/healthz`, { headers: { 'X-Request-Id': id } });
    expect(res.headers.get('x-request-id')).toBe(id);
  });

  it('silently replaces a malformed id with a fresh one', async () => {
    const res = await fetch(`${h.url}/healthz`, { headers: { 'X-Request-Id': 'not-an-id' } });
    const echoed = res.headers.get('x-request-id');
    expect(res.status).toBe(200);
    expect(echoed).not.toBe('not-an-id');
    expect(isRequestId(echoed ?? '')).toBe(true);
  });

  it('mints one when none is sent, on errors too', async () => {
    const res = await fetch(`${h.url}/nowhere`);
    expect(isRequestId(res.headers.get('x-request-id') ?? '')).toBe(true);
  });
});

describe('errors at the HTTP boundary', () => {
  it('answers an unknown route with not_found in the error body', async () => {
    const res = await fetch(`${h.url}/nowhere`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: expect.any(String) as string },
    });
  });

  it('answers /mcp without a token with 401 unauthorized and a Bearer challenge', async () => {
    const res = await fetch(`${h.url}/mcp`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('answers a bad token the same way', async () => {
    const res = await fetch(`${h.url}/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer svc_nope', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
  });

  it('answers a body that is not JSON with validation_failed, never internal', async () => {
    // Not /mcp: there the token is checked first (mcp-bad-input.test.ts covers its bodies).
    const res = await fetch(`${h.url}/nowhere`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
  });

  it('logs one record per request with method, path, status, duration and request id', async () => {
    const res = await fetch(`${h.url}/healthz?token=secret`);
    const id = res.headers.get('x-request-id');
    const line = h.logs.find((l) => l.message === 'http_request' && l.requestId === id);
    expect(line).toMatchObject({ method: 'GET', path: '/healthz', status: 200 });
    expect(typeof line?.duration_ms).toBe('number');
    expect(JSON.stringify(line)).not.toContain('secret');
  });

  it('logs the whole path of a route mounted under a prefix (/account/oidc, not /oidc)', async () => {
    const res = await fetch(`${h.url}/account/oidc`);
    const id = res.headers.get('x-request-id');
    const line = h.logs.find((l) => l.message === 'http_request' && l.requestId === id);
    expect(line).toMatchObject({ method: 'GET', path: '/account/oidc' });
  });
});
