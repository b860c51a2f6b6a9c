// Test harness: a real app on a loopback port over a fresh test database of this leg, with captured logs.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import winston from 'winston';
import type { Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { createLogger, createMetrics } from '@svc/observability';
import { createApp } from '../../src/app';
import { assembleDeps, type JobSettings } from '../../src/assemble-deps';
import type { ServerDeps } from '../../src/deps';
import { parseEnv } from '../../src/env';
import { createHttpServer } from '../../src/http/server';
import type { HandlerTable } from '../../src/mcp/call-tool';
import { settingsFromEnv, type ServerSettings } from '../../src/settings';

export interface Harness {
  url: string;
  deps: ServerDeps;
  server: Server;
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  database?: Database;
  /** Overrides of the defaults every setting has when its variable is unset. */
  settings?: Partial<ServerSettings>;
  tools?: HandlerTable;
  /** The ranking and indexing parts; default: hybrid search on its lexical side, no embedder. */
  retrieval?: Pick<ServerDeps, 'retriever' | 'indexer'>;
  /** Include prom-client's process defaults in /metrics (off by default: they cost a timer each). */
  metricsDefaults?: boolean;
  /** How the process takes part in background work (a language model, intervals); default: worked here, no model. */
  jobs?: JobSettings;
  /** Listen on this port (a restart on the same data dir keeps PUBLIC_URL, the OAuth issuer); default: any free one. */
  port?: number;
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const database = opts.database ?? (await openTestDatabase());
  const logger = createLogger({ transports: [new winston.transports.Stream({ stream })] });
  const deps: ServerDeps = assembleDeps({
    database,
    logger,
    metrics: createMetrics({ defaults: opts.metricsDefaults ?? false }),
    build: { version: 'v0.1.0+test', hostRevision: 'rev-test' },
    publicUrl: 'http://127.0.0.1',
    settings: { ...settingsFromEnv(parseEnv({})), ...opts.settings },
    tools: opts.tools,
    jobs: opts.jobs,
    ...opts.retrieval,
  });
  // The same server factory as `svc serve`: its timeouts and header ceiling are part of what is tested.
  const server = createHttpServer(createApp(deps)).listen(opts.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  deps.publicUrl = `http://127.0.0.1:${port}`;
  return {
    url: deps.publicUrl,
    deps,
    server,
    logs,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.runs.idle();
      await deps.jobs.stop();
      await deps.usage.flush();
      if (!opts.database) await database.close();
    },
  };
}
