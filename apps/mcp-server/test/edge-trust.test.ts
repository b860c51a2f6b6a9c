// The server's side of the edge over real HTTP: the shared secret, and the client address from the trusted header only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/env';
import { EDGE_SECRET_HEADER } from '../src/http/edge-guard';
import { settingsFromEnv } from '../src/settings';
import { startHarness, type Harness } from './helpers/harness';

const SECRET = 'edge-secret-0123456789abcdef0123456789';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    settings: {
      edge: { trustedClientIpHeader: 'x-real-ip', sharedSecret: SECRET },
      auth: { ...settingsFromEnv(parseEnv({})).auth, ratePerMinute: 2 },
    },
  });
});
afterAll(() => h.close());

const login = (headers: Record<string, string>) =>
  fetch(`${h.url}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [EDGE_SECRET_HEADER]: SECRET, ...headers },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
  });

describe('the shared secret of the edge', () => {
  it('answers a direct call without it 403 with the error body', async () => {
    const res = await fetch(`${h.url}/.well-known/oauth-protected-resource`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'forbidden', message: expect.any(String) as string },
    });
  });

  it('answers a wrong secret 403, also one of another length', async () => {
    for (const wrong of [SECRET.slice(0, -1) + 'x', 'short', `${SECRET}x`]) {
      const res = await fetch(`${h.url}/mcp`, {
        method: 'POST',
        headers: { [EDGE_SECRET_HEADER]: wrong },
      });
      expect(res.status).toBe(403);
    }
  });

  it('lets the right secret through to the route', async () => {
    const res = await fetch(`${h.url}/.well-known/oauth-protected-resource`, {
      headers: { [EDGE_SECRET_HEADER]: SECRET },
    });
    expect(res.status).toBe(200);
  });

  it('keeps the probes reachable without it, for health checks on the instance itself', async () => {
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${h.url}/readyz`)).status).toBe(200);
  });

  it('logs the refused call like any request', () => {
    expect(h.logs.some((l) => l.message === 'http_request' && l.status === 403)).toBe(true);
  });
});

describe('the client address', () => {
  it('is the trusted header: the sign-in limit counts per address it names, whatever X-Forwarded-For says', async () => {
    expect(
      (await login({ 'x-real-ip': '203.0.113.7', 'x-forwarded-for': '198.51.100.1' })).status,
    ).not.toBe(429);
    expect(
      (await login({ 'x-real-ip': '203.0.113.7', 'x-forwarded-for': '198.51.100.2' })).status,
    ).not.toBe(429);
    expect(
      (await login({ 'x-real-ip': '203.0.113.7', 'x-forwarded-for': '198.51.100.3' })).status,
    ).toBe(429);
    // Another address named by the edge has its own count.
    expect(
      (await login({ 'x-real-ip': '203.0.113.8', 'x-forwarded-for': '203.0.113.7' })).status,
    ).not.toBe(429);
  });

  it('is what the access log records, never the X-Forwarded-For value', () => {
    const records = h.logs.filter(
      (l) => l.message === 'http_request' && l.path === '/account/login',
    );
    expect(records.map((l) => l.client_address)).toEqual([
      '203.0.113.7',
      '203.0.113.7',
      '203.0.113.7',
      '203.0.113.8',
    ]);
  });

  it('is the socket for a direct call without the secret, whatever address it claims', async () => {
    const before = h.logs.length;
    const res = await fetch(`${h.url}/healthz`, { headers: { 'x-real-ip': '203.0.113.66' } });
    expect(res.status).toBe(200);
    const logged = h.logs.slice(before).filter((l) => l.message === 'http_request');
    expect(logged.map((l) => l.client_address)).toEqual(['127.0.0.1']);
  });

  it('falls back to the socket when the header is missing or not an address', async () => {
    await login({ 'x-real-ip': 'not-an-address', 'x-forwarded-for': '203.0.113.9' });
    const last = h.logs
      .filter((l) => l.message === 'http_request' && l.path === '/account/login')
      .at(-1);
    expect(last?.client_address).toBe('127.0.0.1');
  });
});

describe('the edge settings in the environment', () => {
  it('take the header name in lower case and the secret as given', () => {
    const env = parseEnv({ TRUSTED_CLIENT_IP_HEADER: 'X-Real-IP', EDGE_SHARED_SECRET: SECRET });
    expect(settingsFromEnv(env).edge).toEqual({
      trustedClientIpHeader: 'x-real-ip',
      sharedSecret: SECRET,
    });
  });

  it('refuse X-Forwarded-For as the trusted header and a short secret', () => {
    expect(() => parseEnv({ TRUSTED_CLIENT_IP_HEADER: 'X-Forwarded-For' })).toThrow(
      /TRUSTED_CLIENT_IP_HEADER/,
    );
    expect(() => parseEnv({ EDGE_SHARED_SECRET: 'short' })).toThrow(/EDGE_SHARED_SECRET/);
  });
});
