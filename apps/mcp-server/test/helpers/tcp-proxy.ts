// A TCP proxy between the service and its database that a test can cut and restore, as a network or server outage.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The target URL with the proxy's host and port in its place. */
  url: string;
  /** Drops every open connection and refuses new ones (nothing listens on the port any more). */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /**
   * Resolves when the service next sends bytes containing `marker`; those bytes and everything after
   * are held back, so the statement never reaches the database (until `cut` drops the connection).
   */
  holdNext(marker: string): Promise<void>;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * `startCut` reserves the port but does not listen yet, for a service that must start during the
 * outage. A cut makes the service see what a stopped server gives: resets, then refused connects.
 */
export async function startTcpProxy(targetUrl: string, opts: { startCut?: boolean } = {}): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || '5432');
  const open = new Set<Socket>();
  let server: Server | null = null;
  let hold: { marker: Buffer; seen(): void } | null = null;

  const makeServer = () =>
    createServer((client) => {
      const upstream = connect(targetPort, target.hostname);
      open.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        open.delete(client);
        open.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      upstream.pipe(client);
      let held = false;
      client.on('data', (chunk: Buffer) => {
        if (!held && hold && chunk.includes(hold.marker)) {
          held = true;
          hold.seen();
          hold = null;
        }
        if (!held) upstream.write(chunk);
      });
    });

  server = makeServer();
  const port = await listen(server, 0);
  const cut = async () => {
    const closing = server;
    server = null;
    for (const socket of open) socket.destroy();
    open.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  const restore = async () => {
    if (server) return;
    server = makeServer();
    await listen(server, port);
  };
  if (opts.startCut) await cut();

  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const holdNext = (marker: string) => new Promise<void>((resolve) => (hold = { marker: Buffer.from(marker), seen: resolve }));
  return { url: url.toString(), cut, restore, holdNext, close: cut };
}
