// A server-mode database a test can take away and bring back: this leg's database behind a TCP proxy.
import { createTestDatabaseUrl, testStorage } from '@svc/db/testing';
import { startSocketDatabase } from './socket-database';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

export interface OutageDatabase {
  /** Through the proxy: what the service under test is given as DATABASE_URL. */
  url: string;
  /** Pool size to use: 1 on pglite-socket, which runs every connection on one session. */
  poolMax: number;
  /** Cuts the proxy: open connections drop, new ones are refused. The database itself keeps running. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  /** See TcpProxy.holdNext: a statement the service sends that the database never receives. */
  holdNext(marker: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * On the PostgreSQL leg, an empty database of its own on the shared server (the server is never
 * stopped: other files use it); on the embedded leg, PGlite served over the wire protocol.
 */
export async function startOutageDatabase(opts: { startCut?: boolean } = {}): Promise<OutageDatabase> {
  if (testStorage() === 'postgres') {
    const made = await createTestDatabaseUrl();
    const proxy = await startTcpProxy(made.url, opts);
    return outage(proxy, 10, async () => {
      await proxy.close();
      await made.drop();
    });
  }
  // Two connections at most: the test's own check besides the service's one.
  const socket = await startSocketDatabase({ maxConnections: 2 });
  const proxy = await startTcpProxy(socket.url, opts);
  return outage(proxy, 1, async () => {
    await proxy.close();
    await socket.close();
  });
}

function outage(proxy: TcpProxy, poolMax: number, close: () => Promise<void>): OutageDatabase {
  return { url: proxy.url, poolMax, cut: proxy.cut, restore: proxy.restore, holdNext: proxy.holdNext, close };
}
