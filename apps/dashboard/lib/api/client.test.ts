import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServerApi } from './client';

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A loopback server that answers every request with the given status and body, and records what it got. */
function answer(
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ url: string; seen: { auth?: string; body: string }[] }> {
  const seen: { auth?: string; body: string }[] = [];
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => {
      seen.push({ auth: req.headers.authorization, body: text });
      res.statusCode = status;
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      if (body !== undefined) res.setHeader('content-type', 'application/json');
      res.end(body === undefined ? undefined : JSON.stringify(body));
    });
  });
  return new Promise((resolve) =>
    server!.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen })),
  );
}

describe('server API client', () => {
  it('sends the bearer token and JSON body, and parses the answer', async () => {
    const { url, seen } = await answer(200, { aal: 'aal2' });
    const api = createServerApi({ baseUrl: url, token: 'svs_x' });
    const result = await api.request('POST', '/account/mfa/verify', z.object({ aal: z.string() }), { code: '123456' });
    expect(result).toEqual({ ok: true, status: 200, data: { aal: 'aal2' } });
    expect(seen).toEqual([{ auth: 'Bearer svs_x', body: '{"code":"123456"}' }]);
  });

  it("reads the contract's error body", async () => {
    const { url } = await answer(400, { error: { code: 'validation_failed', message: 'Wrong code' } });
    const result = await createServerApi({ baseUrl: url }).request('GET', '/x', z.unknown());
    expect(result).toEqual({ ok: false, status: 400, code: 'validation_failed', message: 'Wrong code' });
  });

  it("keeps the error's details and the real wait of a 429 (Retry-After)", async () => {
    const { url } = await answer(429, { error: { code: 'rate_limited', message: 'Locked', details: { retry_after_seconds: 900 } } }, { 'retry-after': '900' });
    const result = await createServerApi({ baseUrl: url }).request('POST', '/x', z.unknown());
    expect(result).toEqual({
      ok: false,
      status: 429,
      code: 'rate_limited',
      message: 'Locked',
      details: { retry_after_seconds: 900 },
      retryAfterSeconds: 900,
    });
  });

  it('reads the flat OAuth error body (insufficient_aal, not_found)', async () => {
    const { url } = await answer(401, { error: 'insufficient_aal', error_description: 'Give the second factor' });
    const result = await createServerApi({ baseUrl: url }).request('GET', '/x', z.unknown());
    expect(result).toEqual({ ok: false, status: 401, code: 'insufficient_aal', message: 'Give the second factor' });
  });

  it('accepts 204 without a body', async () => {
    const { url } = await answer(204);
    expect(await createServerApi({ baseUrl: url }).request('DELETE', '/x', z.unknown())).toMatchObject({ ok: true, status: 204 });
  });

  it('refuses an answer of the wrong shape rather than passing it on', async () => {
    const { url } = await answer(200, { surprise: true });
    const result = await createServerApi({ baseUrl: url }).request('GET', '/x', z.object({ aal: z.string() }));
    expect(result).toMatchObject({ ok: false, code: 'bad_answer' });
  });

  it('says unreachable when nothing listens', async () => {
    const result = await createServerApi({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 }).request('GET', '/x', z.unknown());
    expect(result).toMatchObject({ ok: false, status: 503, code: 'unreachable' });
  });
});
