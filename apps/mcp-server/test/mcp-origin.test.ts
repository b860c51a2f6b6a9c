// Origin and Host validation on /mcp over real HTTP: what a browser page or a rebound name may reach.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/env';
import { settingsFromEnv } from '../src/settings';
import { startHarness, type Harness } from './helpers/harness';
import { newUserToken } from './helpers/mcp-client';

let h: Harness;
let token: string;
let port: number;
beforeAll(async () => {
  h = await startHarness({
    settings: { mcpAccess: { extraOrigins: ['https://app.example.com'], loopbackBound: true } },
  });
  token = (await newUserToken(h.deps.database, 'ada@example.com')).token;
  port = Number(new URL(h.url).port);
});
afterAll(() => h.close());

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'origin-test', version: '1' } },
};

/** node:http rather than fetch: fetch will not send a Host header of the caller's choosing. */
function post(headers: Record<string, string>, bearer = token): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: {
          authorization: `Bearer ${bearer}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(initialize));
  });
}

function codeOf(body: string): string | undefined {
  return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
}

describe('Origin on /mcp', () => {
  it('serves a request without Origin (a client that is not a browser)', async () => {
    const res = await post({});
    expect(res.status).toBe(200);
    expect(res.body).toContain('"protocolVersion"');
  });

  it.each([
    ['the public URL', () => h.url],
    ['the dashboard', () => h.deps.settings.auth.dashboardUrl],
    ['ALLOWED_ORIGINS', () => 'https://app.example.com'],
    ['the public URL spelled with a capital host', () => h.url.replace('http://', 'HTTP://')],
  ])('serves the origin of %s', async (_label, origin) => {
    const res = await post({ origin: origin() });
    expect(res.status).toBe(200);
  });

  it.each([
    ['null', 'null'],
    ['a look-alike host', 'https://app.example.com.evil.test'],
    ['a look-alike prefix', 'https://evil-app.example.com'],
    ['another scheme', 'http://app.example.com'],
    ['a different port', () => `http://127.0.0.1:${port + 1}`],
    ['localhost for the 127.0.0.1 public URL', () => `http://localhost:${port}`],
    ['junk', 'not a url'],
  ])('refuses %s with 403 forbidden before authentication', async (_label, origin) => {
    const value = typeof origin === 'function' ? origin() : origin;
    // A bad token too: the Origin check answers first, so a foreign page learns nothing about tokens.
    const res = await post({ origin: value }, 'svc_invalid');
    expect(res.status).toBe(403);
    expect(codeOf(res.body)).toBe('forbidden');
    expect(res.body).toContain('ALLOWED_ORIGINS');
  });
});

describe('Host on a loopback-bound /mcp', () => {
  it.each([['localhost'], ['127.0.0.1'], ['[::1]'], ['127.0.0.2']])('serves Host %s with any port', async (host) => {
    const res = await post({ host: `${host}:${port + 7}` });
    expect(res.status).toBe(200);
  });

  it.each([['attacker.example'], ['localhost.attacker.example'], ['127.0.0.1.nip.io'], ['localhost@attacker.example']])(
    'refuses Host %s with 403 forbidden',
    async (host) => {
      const res = await post({ host });
      expect(res.status).toBe(403);
      expect(codeOf(res.body)).toBe('forbidden');
    },
  );

  it('does not check Host when bound to a non-loopback address', async () => {
    const before = h.deps.settings.mcpAccess;
    h.deps.settings.mcpAccess = { ...before, loopbackBound: false };
    try {
      expect((await post({ host: 'memory.example.com' })).status).toBe(200);
    } finally {
      h.deps.settings.mcpAccess = before;
    }
  });
});

describe('ALLOWED_ORIGINS', () => {
  it('parses a comma-separated list into origins and defaults to none', () => {
    const env = parseEnv({ ALLOWED_ORIGINS: ' https://App.example.com , http://b.example:8080 ' });
    expect(env.ALLOWED_ORIGINS).toEqual(['https://app.example.com', 'http://b.example:8080']);
    expect(settingsFromEnv(env).mcpAccess).toEqual({ extraOrigins: env.ALLOWED_ORIGINS, loopbackBound: true });
    expect(parseEnv({}).ALLOWED_ORIGINS).toEqual([]);
    expect(settingsFromEnv(parseEnv({ HOST: '0.0.0.0' })).mcpAccess.loopbackBound).toBe(false);
  });

  it.each([['https://a.example/path'], ['null'], ['a.example'], ['https://a.example?x=1']])('refuses %s', (value) => {
    expect(() => parseEnv({ ALLOWED_ORIGINS: value })).toThrow(/ALLOWED_ORIGINS: expected origins/);
  });
});
