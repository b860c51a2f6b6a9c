// A database a test can take away under a running app and bring back on the same address, on either leg.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { createTestDatabaseUrl, testStorage } from '@svc/db/testing';
import { startSocketDatabase } from './socket-database';

export interface InterruptibleDatabase {
  url: string;
  /** pglite-socket serves one connection at a time; a real PostgreSQL takes the production pool. */
  poolMax: number;
  /** Refuses new connections and drops the open ones, as a database going away does. */
  stop(): Promise<void>;
  /** Accepts connections again on the same port, over the same data. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP relay in front of a real PostgreSQL: the shared test server itself must stay up for other files. */
async function relay(
  target: URL,
): Promise<Pick<InterruptibleDatabase, 'start' | 'stop'> & { port: number }> {
  const open = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        for (const socket of [client, upstream]) {
          open.add(socket);
          socket.once('close', () => open.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.once('close', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        server = listening;
        port = (listening.address() as { port: number }).port;
        resolve();
      });
    });
  const stop = async () => {
    const closing = server;
    server = null;
    for (const socket of open) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await start();
  return { port, start, stop };
}

export async function startInterruptibleDatabase(): Promise<InterruptibleDatabase> {
  if (testStorage() === 'embedded') return { ...(await startSocketDatabase()), poolMax: 1 };
  const made = await createTestDatabaseUrl();
  const proxy = await relay(new URL(made.url));
  const url = new URL(made.url);
  url.port = String(proxy.port);
  return {
    url: url.toString(),
    poolMax: 10,
    start: proxy.start,
    stop: proxy.stop,
    async close() {
      await proxy.stop();
      await made.drop();
    },
  };
}
