// A PostgreSQL wire-protocol server over PGlite that a test can stop under a running app and start again.
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

/**
 * The socket server is a dependency of @svc/db (its server-driver tests use it), not of this app;
 * it is loaded from there so this test needs nothing installed that the workspace does not have.
 */
const requireFromDb = createRequire(new URL('../../../../packages/db/package.json', import.meta.url));

interface Pglite {
  close(): Promise<void>;
}
interface SocketServer {
  start(): Promise<void>;
  stop(): Promise<void>;
}
interface Modules {
  PGlite: { create(opts: { extensions: Record<string, unknown> }): Promise<Pglite> };
  vector: unknown;
  PGLiteSocketServer: new (opts: { db: Pglite; host: string; port: number; maxConnections?: number }) => SocketServer;
}

function load(): Modules {
  const { PGlite } = requireFromDb('@electric-sql/pglite') as Pick<Modules, 'PGlite'>;
  const { vector } = requireFromDb('@electric-sql/pglite-pgvector') as Pick<Modules, 'vector'>;
  const { PGLiteSocketServer } = requireFromDb('@electric-sql/pglite-socket') as Pick<Modules, 'PGLiteSocketServer'>;
  return { PGlite, vector, PGLiteSocketServer };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface SocketDatabase {
  /** For `openDatabase({ url, poolMax: 1 })`: the socket server serves one connection at a time. */
  url: string;
  /** Stops listening and drops every open connection, as a database going away does. */
  stop(): Promise<void>;
  /** Listens again on the same port, over the same data. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `maxConnections` above 1 lets several processes connect at once; the socket server then runs
 * their statements on one PGlite session, so callers must keep their requests sequential.
 */
export async function startSocketDatabase(opts: { maxConnections?: number } = {}): Promise<SocketDatabase> {
  const { PGlite, vector, PGLiteSocketServer } = load();
  const pglite = await PGlite.create({ extensions: { vector } });
  const port = await freePort();
  let server: SocketServer | null = null;
  const start = async () => {
    server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port, maxConnections: opts.maxConnections ?? 1 });
    await server.start();
  };
  const stop = async () => {
    await server?.stop();
    server = null;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    close: async () => {
      await stop();
      await pglite.close();
    },
  };
}
