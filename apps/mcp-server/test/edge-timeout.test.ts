// The edge cuts a request at 60 seconds (contract Limits): the shipped config in front of an instance that never answers.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUT_MS } from '@svc/contract';
import { renderEdgeConfig } from '../src/edge/render-edge-config';
import { findNginx, freePort, startNginx, type RunningNginx } from './helpers/nginx';

const nginx = findNginx();

describe.skipIf(!nginx)('the 60-second cut at the edge', () => {
  // An instance that takes the request and says nothing: what a hung tool call looks like from nginx.
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  let edge: RunningNginx;

  beforeAll(async () => {
    silent.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => silent.once('listening', resolve));
    const port = await freePort();
    const config = renderEdgeConfig({
      listen: `127.0.0.1:${port}`,
      servers: [`127.0.0.1:${(silent.address() as AddressInfo).port}`],
      dashboard: `127.0.0.1:${await freePort()}`,
      trustedClientIpHeader: 'X-Real-IP',
      sharedSecret: 'timeout-secret-0123456789abcdefghijklmn',
      sessionCookiePrefix: 'svc-session',
    });
    edge = await startNginx(nginx!, config, port);
  });
  afterAll(async () => {
    await edge?.stop();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it(
    'answers 504 with the error body once the upstream has been silent for 60 s',
    { timeout: 90_000 },
    async () => {
      const started = Date.now();
      const res = await fetch(`${edge.url}/mcp`, {
        method: 'POST',
        body: '{}',
        signal: AbortSignal.timeout(80_000),
      });
      const elapsed = Date.now() - started;
      expect(res.status).toBe(504);
      expect(await res.json()).toMatchObject({ error: { code: 'internal' } });
      expect(elapsed).toBeGreaterThanOrEqual(SERVER_TIMEOUT_MS - 1_000);
      expect(elapsed).toBeLessThan(SERVER_TIMEOUT_MS + 5_000);
    },
  );
});
