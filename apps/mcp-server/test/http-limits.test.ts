import { Agent, createServer, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIES_MAX_BYTES, REQUEST_HEADERS_MAX_BYTES, SERVER_TIMEOUT_MS, isRequestId } from '@svc/contract';
import { NODE_MAX_HEADER_BYTES } from '../src/http/server';
import { startHarness, type Harness } from './helpers/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ settings: { sessionCookiePrefix: 'idp-session' } });
});
afterAll(() => h.close());

const filler = (bytes: number) => 'x'.repeat(bytes);

describe('request headers over about 10 KB', () => {
  it('pass up to the limit', async () => {
    const res = await fetch(`${h.url}/healthz`, { headers: { 'x-filler': filler(REQUEST_HEADERS_MAX_BYTES - 1024) } });
    expect(res.status).toBe(200);
  });

  it.each([
    ['just past the limit', REQUEST_HEADERS_MAX_BYTES + 100],
    // Past Node's own 16 KB default, which would answer a bare 431 had the server not raised it.
    ['past Node’s default ceiling', 20 * 1024],
  ])('are refused %s with 413, the error body and a request id', async (_label, bytes) => {
    const res = await fetch(`${h.url}/healthz`, { headers: { 'x-filler': filler(bytes) } });
    expect(res.status).toBe(413);
    expect(isRequestId(res.headers.get('x-request-id') ?? '')).toBe(true);
    expect(await res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: expect.any(String) as string,
        details: { limit_bytes: REQUEST_HEADERS_MAX_BYTES, received_bytes: expect.any(Number) as number },
      },
    });
  });

  it('meet Node’s own bare 431 only past the raised ceiling', async () => {
    expect(NODE_MAX_HEADER_BYTES).toBeGreaterThan(2 * REQUEST_HEADERS_MAX_BYTES);
    const res = await fetch(`${h.url}/healthz`, { headers: { 'x-filler': filler(NODE_MAX_HEADER_BYTES + 1024) } });
    expect(res.status).toBe(431);
  });
});

describe('cookies over 8 KB', () => {
  const bigCookies = `idp-session.0=${filler(5000)}; idp-session.1=${filler(3500)}; theme=dark`;

  it('clear the identity provider session cookies of a browser navigation and redirect to the same URL', async () => {
    const res = await fetch(`${h.url}/some/page?tab=2`, {
      headers: { cookie: bigCookies, accept: 'text/html,application/xhtml+xml' },
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/some/page?tab=2');
    expect(isRequestId(res.headers.get('x-request-id') ?? '')).toBe(true);
    const cleared = res.headers.getSetCookie();
    expect(cleared.map((c) => c.split('=')[0]).sort()).toEqual(['idp-session.0', 'idp-session.1']);
    for (const cookie of cleared) expect(cookie).toMatch(/^[^=]+=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
  });

  it('leave an API call alone: it gets its ordinary answer', async () => {
    const res = await fetch(`${h.url}/healthz`, { headers: { cookie: bigCookies, accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('do not redirect when there is no session cookie to clear (it would loop)', async () => {
    const res = await fetch(`${h.url}/healthz`, {
      headers: { cookie: `other=${filler(COOKIES_MAX_BYTES + 10)}`, accept: 'text/html' },
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
  });

  it('below 8 KB change nothing', async () => {
    const res = await fetch(`${h.url}/healthz`, {
      headers: { cookie: `idp-session.0=${filler(1000)}`, accept: 'text/html' },
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
  });
});

describe('request duration', () => {
  it('is cut at the contract’s 60 seconds by the server itself', () => {
    expect(SERVER_TIMEOUT_MS).toBe(60_000);
    expect(h.server.requestTimeout).toBe(SERVER_TIMEOUT_MS);
    expect(h.server.headersTimeout).toBe(SERVER_TIMEOUT_MS);
  });
});

describe('idle connections', () => {
  it('stay open past the idle timeouts of proxies and clients: a connection idle for 6 s is reused without an error', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = request(`${h.url}/healthz`, { agent }, (res) => {
          res.resume();
          res.once('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.once('error', reject);
        req.end();
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      // Node's own default (5 s) would have closed it by now, and a proxy reusing it would answer 502.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await get()).toEqual({ status: 200, reused: true });
      expect(h.server.keepAliveTimeout).toBeGreaterThan(60_000);
    } finally {
      agent.destroy();
    }
  });
});

describe('why headersTimeout is not above keep-alive', () => {
  it('Node refuses a headersTimeout above requestTimeout, the contract\'s 60 s', () => {
    expect(() => createServer({ requestTimeout: SERVER_TIMEOUT_MS, headersTimeout: SERVER_TIMEOUT_MS + 6_000 })).toThrow(/headersTimeout/);
  });

  it('an idle keep-alive connection outlives headersTimeout: it counts from a request\'s first byte (scaled: 1 s headers, 3 s keep-alive)', async () => {
    const server = createServer(
      { requestTimeout: 1_000, headersTimeout: 1_000, keepAliveTimeout: 3_000, connectionsCheckingInterval: 100 },
      (_req, res) => res.end('ok'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      socket.write('GET / HTTP/1.1\r\nHost: a\r\n\r\n');
      await sleep(2_000); // idle past headersTimeout, within keep-alive
      socket.write('GET / HTTP/1.1\r\nHost: a\r\n\r\n');
      await sleep(300);
      expect(received.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
      socket.write('GET / HTTP/1.1\r\nHost: a\r\n'); // headers never finished
      await sleep(1_800);
      expect(received).toContain('HTTP/1.1 408');
    } finally {
      socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
