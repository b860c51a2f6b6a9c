// The retrying fetch against a real HTTP server on loopback that answers as a busy or failing service would.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../log';
import { retryAfterMs, retryingFetch } from './retrying-fetch';

type Answer = { status: number; headers?: Record<string, string> };
let server: Server | undefined;
afterEach(() => server?.close());

/** Answers the listed statuses in turn, then 200; counts the requests it saw. */
async function scripted(answers: Answer[]): Promise<{ url: string; seen: () => number }> {
  let seen = 0;
  server = createServer((_req, res) => {
    const answer = answers[seen++] ?? { status: 200 };
    res.writeHead(answer.status, answer.headers).end('{}');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen: () => seen };
}

function subject(attempts = 4) {
  const waits: number[] = [];
  const fetch = retryingFetch({
    attempts,
    firstDelayMs: 100,
    maxDelayMs: 1_000,
    sleep: async (ms) => void waits.push(ms),
    log: createLogger('error', () => undefined),
  });
  return { fetch, waits };
}

describe('retryingFetch', () => {
  it('waits as long as Retry-After says on 429, and backs off on a 503 without it', async () => {
    const s = await scripted([{ status: 429, headers: { 'retry-after': '2' } }, { status: 503 }]);
    const { fetch, waits } = subject();
    expect((await fetch(s.url)).status).toBe(200);
    expect(s.seen()).toBe(3);
    expect(waits[0]).toBe(2_000);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });

  it('retries another 5xx only when it carries Retry-After', async () => {
    const told = await scripted([{ status: 500, headers: { 'retry-after': '1' } }]);
    const a = subject();
    expect((await a.fetch(told.url)).status).toBe(200);
    expect(a.waits).toEqual([1_000]);
    server?.close();
    const silent = await scripted([{ status: 500 }]);
    const b = subject();
    expect((await b.fetch(silent.url)).status).toBe(500);
    expect(silent.seen()).toBe(1);
  });

  it('gives the last answer back once its attempts are spent, and throws when nothing listens', async () => {
    const s = await scripted(Array.from({ length: 5 }, () => ({ status: 503 })));
    expect((await subject(3).fetch(s.url)).status).toBe(503);
    expect(s.seen()).toBe(3);
    server?.close();
    const gone = subject(2);
    await expect(gone.fetch(s.url)).rejects.toThrow();
    expect(gone.waits).toHaveLength(1);
  });

  it('reads Retry-After as seconds or as an HTTP date, capped at five minutes', () => {
    const now = Date.parse('2026-11-25T00:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('86400', now)).toBe(300_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
