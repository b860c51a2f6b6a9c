// The shipped edge config run by Debian's nginx in front of the real server: each rule over real HTTP.
import { request, type IncomingHttpHeaders } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_SECRET_HEADER } from '../src/http/edge-guard';
import { renderEdgeConfig } from '../src/edge/render-edge-config';
import { parseEnv } from '../src/env';
import { settingsFromEnv } from '../src/settings';
import { startHarness, type Harness } from './helpers/harness';
import { connect, newUserToken } from './helpers/mcp-client';
import { findNginx, freePort, startNginx, type RunningNginx } from './helpers/nginx';
import { codeFlow } from './helpers/oauth-code-flow';
import { signedInPerson } from './helpers/oauth-flow';

const SECRET = 'edge-secret-for-the-nginx-test-0123456789';
const nginx = findNginx();

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** node:http rather than fetch: it can send from another loopback address and any header size. */
function send(
  url: string,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; from?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(`${url}${path}`, {
      method: opts.method ?? 'GET',
      headers: opts.headers,
      localAddress: opts.from,
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the edge with a real nginx', () => {
  it('has nginx to run: in CI it must be installed (.ci/run), elsewhere this file is skipped', () => {
    if (process.env.CI === 'true')
      expect(nginx, 'nginx is not installed; .ci/run installs Debian nginx').not.toBeNull();
    else if (!nginx)
      console.warn('edge-nginx.test.ts: skipped, no nginx binary (apt-get install nginx)');
  });
});

describe.skipIf(!nginx)('the shipped edge in front of the server', () => {
  let h: Harness;
  let edge: RunningNginx;

  beforeAll(async () => {
    h = await startHarness({
      settings: {
        edge: { trustedClientIpHeader: 'x-real-ip', sharedSecret: SECRET },
        metricsEnabled: true,
      },
    });
    const port = await freePort();
    const config = renderEdgeConfig({
      listen: `127.0.0.1:${port}`,
      servers: [new URL(h.url).host],
      // Nothing listens there: the dashboard's routes show the edge's answer to a dead upstream.
      dashboard: `127.0.0.1:${await freePort()}`,
      trustedClientIpHeader: 'X-Real-IP',
      sharedSecret: SECRET,
      sessionCookiePrefix: settingsFromEnv(parseEnv({})).sessionCookiePrefix,
    });
    edge = await startNginx(nginx!, config, port);
    // The public address is the edge's: OAuth issuer, resource and metadata all name it.
    h.deps.publicUrl = edge.url;
  });
  afterAll(async () => {
    await edge?.stop();
    await h?.close();
  });

  it('runs unprivileged, writing only inside its prefix directory', () => {
    expect(edge.uid).not.toBe(0);
    const pid = Number(readFileSync(`${edge.dir}/nginx.pid`, 'utf8').trim());
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    expect(status).toMatch(new RegExp(`^Uid:\\s+${edge.uid}\\b`, 'm'));
  });

  it('adds the shared secret: through the edge the server answers, directly it refuses with 403', async () => {
    expect((await send(edge.url, '/.well-known/oauth-protected-resource')).status).toBe(200);
    const direct = await send(h.url, '/.well-known/oauth-protected-resource');
    expect(direct.status).toBe(403);
    expect(JSON.parse(direct.body)).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('replaces a client-sent secret with its own', async () => {
    const res = await send(edge.url, '/.well-known/oauth-protected-resource', {
      headers: { [EDGE_SECRET_HEADER]: 'guess' },
    });
    expect(res.status).toBe(200);
  });

  it('answers 404 for /metrics, which the instance itself serves', async () => {
    for (const path of ['/metrics', '/metrics/', '/METRICS', '/%6detrics']) {
      const res = await send(edge.url, path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'not_found' } });
    }
    expect((await send(h.url, '/metrics')).status).toBe(200);
  });

  it('answers 413 past about 10 KB of headers: the server just past it, the edge itself further on', async () => {
    const fits = await send(edge.url, '/healthz', { headers: { 'x-pad': 'a'.repeat(9_000) } });
    expect(fits.status).toBe(200);
    const justPast = await send(edge.url, '/healthz', { headers: { 'x-pad': 'a'.repeat(10_400) } });
    expect(justPast.status).toBe(413);
    const oneLong = await send(edge.url, '/healthz', { headers: { 'x-pad': 'a'.repeat(16_000) } });
    expect(oneLong.status).toBe(413);
    const many = Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [`x-pad-${i}`, 'b'.repeat(6_000)]),
    );
    const spread = await send(edge.url, '/healthz', { headers: many });
    expect(spread.status).toBe(413);
    expect(JSON.parse(spread.body)).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('answers a body past what the edge takes with 413 and the error body, not an HTML page', async () => {
    const res = await fetch(`${edge.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(6 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('clears the session cookies of a browser past 8 KB of cookies and sends it back to the same address', async () => {
    const cookie = `svc-session=abc; theme=dark; svc-session.sig=def; other=${'c'.repeat(8_200)}`;
    const before = h.logs.length;
    const res = await send(edge.url, '/oauth/authorize?client_id=x&state=1', {
      headers: { cookie, accept: 'text/html,application/xhtml+xml' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/oauth/authorize?client_id=x&state=1');
    const cleared = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
    expect(cleared).toEqual(['svc-session=', 'svc-session.sig=']);
    expect(res.headers['set-cookie']?.every((c) => /Max-Age=0/.test(c))).toBe(true);
    // Answered by the edge: the server never saw the request.
    expect(h.logs.slice(before).filter((l) => l.message === 'http_request')).toEqual([]);
  });

  it('leaves cookies under 8 KB, and API calls with large cookies, to the routes', async () => {
    const small = await send(edge.url, '/healthz', {
      headers: { cookie: 'svc-session=abc', accept: 'text/html' },
    });
    expect(small.status).toBe(200);
    const api = await send(edge.url, '/healthz', {
      headers: { cookie: `svc-session=${'d'.repeat(8_300)}` },
    });
    expect(api.status).toBe(200);
  });

  it('tells the server the address it saw, never a client-sent X-Real-IP or X-Forwarded-For', async () => {
    const before = h.logs.length;
    const res = await send(edge.url, '/healthz', {
      from: '127.0.0.2',
      headers: { 'x-real-ip': '203.0.113.5', 'x-forwarded-for': '198.51.100.9' },
    });
    expect(res.status).toBe(200);
    const logged = h.logs
      .slice(before)
      .filter((l) => l.message === 'http_request' && l.path === '/healthz');
    expect(logged.map((l) => l.client_address)).toEqual(['127.0.0.2']);
  });

  it('answers 503 with the error body when an upstream cannot be reached', async () => {
    const res = await send(edge.url, '/');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'internal' } });
  });

  it('carries an MCP session through to the server', async () => {
    const { token } = await newUserToken(h.deps.database, 'edge@example.com');
    const client = await connect(edge.url, token);
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it('signs in with OAuth through the edge and uses the token for an MCP session there', async () => {
    const { session } = await signedInPerson(h.deps.database, 'oauth-edge@example.com');
    const res = await codeFlow(edge.url, session);
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    const client = await connect(edge.url, access_token);
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});
