// The local channel: the process holding the embedded data serves the other local processes on a unix socket.
import { chmod, unlink } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody, toServiceError } from '@svc/errors';
import { runAdminAction } from '../admin/actions';
import type { ServerDeps } from '../deps';
import { localSocketPath } from './socket-path';
import { openStdioSession } from './stdio-session';
import { CHANNEL_PROTOCOL, STDIO_UPGRADE, TOKEN_HEADER } from './channel-protocol';

export interface LocalChannel {
  path: string;
  /**
   * Stops taking new connections and resolves once every session through it has ended; with
   * `endSessions` it ends them now (their bridges reconnect to whoever holds the data next).
   */
  close(opts?: { endSessions?: boolean }): Promise<void>;
}

export interface LocalChannelOptions {
  dataDir: string;
  deps: ServerDeps;
  role: 'serve' | 'stdio';
  /** A stdio holder lets go of the data when a server asks for it; resolves once the data is free. */
  onHandover?: () => Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startLocalChannel({ dataDir, deps, role, onHandover }: LocalChannelOptions): Promise<LocalChannel> {
  const path = localSocketPath(dataDir);
  const sessions = new Set<Socket>();

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'GET' && req.url === '/status') {
        send(res, 200, { protocol: CHANNEL_PROTOCOL, pid: process.pid, role, version: deps.build.version });
        return;
      }
      if (req.method === 'POST' && req.url === '/admin') {
        try {
          const { action, args } = (await readJson(req)) as { action?: unknown; args?: unknown };
          send(res, 200, { output: await runAdminAction(deps.database, String(action), args) });
        } catch (thrown) {
          const err = toServiceError(thrown);
          if (err.code === 'internal') deps.logger.error('local_admin_failed', { error: String(thrown) });
          send(res, err.status, errorBody(err));
        }
        return;
      }
      if (req.method === 'POST' && req.url === '/handover' && onHandover) {
        deps.logger.info('local_handover', { role });
        await onHandover();
        send(res, 200, { released: true });
        return;
      }
      send(res, 404, { error: { code: 'not_found', message: `No local route ${req.method} ${req.url}` } });
    })();
  });

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (req.url !== '/stdio' || req.headers.upgrade !== STDIO_UPGRADE) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    if (head.length) socket.unshift(head);
    const header = req.headers[TOKEN_HEADER];
    const token = typeof header === 'string' && header !== '' ? header : undefined;
    sessions.add(socket);
    socket.once('close', () => sessions.delete(socket));
    openStdioSession({ deps, token, input: socket, output: socket, onClose: () => socket.end() }).then(
      () => socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: ${STDIO_UPGRADE}\r\nConnection: Upgrade\r\n\r\n`),
      (thrown: unknown) => {
        const err = toServiceError(thrown);
        const body = JSON.stringify(errorBody(err));
        socket.end(`HTTP/1.1 ${err.status} Refused\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      },
    );
  });

  // The data-directory lock is held, so a socket file left here is a dead owner's: it is safe to replace.
  await unlink(path).catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  // Only this account may connect: whoever reaches the socket acts with the owner's authority.
  await chmod(path, 0o600);
  deps.logger.info('local_channel_listening', { path, role });

  return {
    path,
    async close(opts = {}) {
      // Not waiting for the listener's own close: a handover asks over one of its connections.
      server.close();
      server.closeIdleConnections();
      if (opts.endSessions) for (const s of sessions) s.destroy();
      await Promise.all([...sessions].map((s) => new Promise((resolve) => (s.closed ? resolve(null) : s.once('close', resolve)))));
      await unlink(path).catch(() => undefined);
    },
  };
}
