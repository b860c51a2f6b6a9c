import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkUpstream } from '../lib/upstream-health';

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  return new Promise((resolve) =>
    server!.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`),
    ),
  );
}

describe('upstream health', () => {
  it('is reachable when the server answers 200', async () => {
    const url = await listen((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ version: 'v0.1.0+abc' }));
    });
    expect(await checkUpstream(url, 1000)).toEqual({ reachable: true, status: 200, version: 'v0.1.0+abc' });
  });

  it('is unreachable when the server answers an error', async () => {
    const url = await listen((_req, res) => {
      res.statusCode = 500;
      res.end();
    });
    expect(await checkUpstream(url, 1000)).toEqual({ reachable: false, status: 500 });
  });

  it('is unreachable when nothing listens', async () => {
    expect((await checkUpstream('http://127.0.0.1:9', 500)).reachable).toBe(false);
  });
});
