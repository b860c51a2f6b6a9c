// Test harness: a real app on a loopback port over a fresh in-memory PGlite, with captured logs.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import winston from 'winston';
import { openDatabase, type Database } from '@svc/db';
import { createLogger, createMetrics } from '@svc/observability';
import { createApp } from '../../src/app';
import type { ServerDeps } from '../../src/deps';

export interface Harness {
  url: string;
  deps: ServerDeps;
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startHarness(opts: { database?: Database } = {}): Promise<Harness> {
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const database = opts.database ?? (await openDatabase({ dataDir: 'memory://' }));
  const deps: ServerDeps = {
    database,
    logger: createLogger({ transports: [new winston.transports.Stream({ stream })] }),
    metrics: createMetrics({ defaults: false }),
    build: { version: 'v0.1.0+test', hostRevision: 'rev-test' },
    publicUrl: 'http://127.0.0.1',
  };
  const server: Server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  deps.publicUrl = `http://127.0.0.1:${port}`;
  return {
    url: deps.publicUrl,
    deps,
    logs,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!opts.database) await database.close();
    },
  };
}
