// The other end of the local channel: commands and stdio sessions handed to the process holding the data.
import { request, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { ServiceError, isErrorCode, type ErrorBody } from '@svc/errors';
import { CHANNEL_PROTOCOL, STDIO_UPGRADE, TOKEN_HEADER } from './channel-protocol';
import { localSocketPath } from './socket-path';

export interface ChannelHandle {
  path: string;
  pid: number;
  role: 'serve' | 'stdio';
}

const STATUS_TIMEOUT_MS = 3_000;
/** Letting go waits for the holder's queued usage rows to be written. */
const HANDOVER_TIMEOUT_MS = 30_000;
/** An action such as `backup.create` works for as long as the data takes to read. */
const ADMIN_TIMEOUT_MS = 30 * 60_000;

async function readBody(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The owner's refusal, with the code it decided, as if the command had failed here. */
function refusal(status: number, text: string): ServiceError {
  try {
    const { error } = JSON.parse(text) as ErrorBody;
    if (isErrorCode(error.code)) return new ServiceError(error.code, error.message, { details: error.details });
  } catch {
    // not an error body: fall through
  }
  return new ServiceError('internal', `The local channel answered ${status}`);
}

function call(path: string, method: string, route: string, body?: unknown, timeoutMs = STATUS_TIMEOUT_MS): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: path, method, path: route, headers: { 'content-type': 'application/json' } }, (res) => {
      readBody(res).then((text) => resolve({ status: res.statusCode ?? 0, text }), reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('local channel timed out')));
    req.once('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The running owner of this data directory, or null when nothing serves it (then open it here). */
export async function connectLocalChannel(dataDir: string): Promise<ChannelHandle | null> {
  const path = localSocketPath(dataDir);
  try {
    const { status, text } = await call(path, 'GET', '/status');
    const found = JSON.parse(text) as { protocol?: number; pid: number; role: 'serve' | 'stdio' };
    if (status !== 200 || found.protocol !== CHANNEL_PROTOCOL) return null;
    return { path, pid: found.pid, role: found.role };
  } catch {
    // No socket, or a dead owner's socket file: nobody is serving.
    return null;
  }
}

export async function runRemoteAdmin(channel: ChannelHandle, action: string, args: unknown): Promise<string> {
  const { status, text } = await call(channel.path, 'POST', '/admin', { action, args }, ADMIN_TIMEOUT_MS);
  if (status !== 200) throw refusal(status, text);
  return (JSON.parse(text) as { output: string }).output;
}

/** A session served by the owner, as a socket of newline-delimited MCP frames; refused sessions reject with their code. */
export function openStdioSocket(channel: ChannelHandle, token: string | undefined): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { connection: 'Upgrade', upgrade: STDIO_UPGRADE };
    if (token) headers[TOKEN_HEADER] = token;
    const req = request({ socketPath: channel.path, path: '/stdio', headers });
    req.once('error', reject);
    req.once('response', (res) => {
      readBody(res).then((text) => reject(refusal(res.statusCode ?? 0, text)), reject);
    });
    req.once('upgrade', (_res, socket: Socket, head: Buffer) => {
      if (head.length) socket.unshift(head);
      resolve(socket);
    });
    req.end();
  });
}

/** Asks a `svc stdio` process holding the data to let go of it; resolves once it has. */
export async function requestHandover(channel: ChannelHandle): Promise<void> {
  const { status, text } = await call(channel.path, 'POST', '/handover', {}, HANDOVER_TIMEOUT_MS);
  if (status !== 200) throw refusal(status, text);
}
