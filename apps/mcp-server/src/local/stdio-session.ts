// One stdio MCP session for a local caller, over the process's own stdio or a local socket.
import type { Readable, Writable } from 'node:stream';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { fail } from '@svc/errors';
import { resolveStdioCaller } from '../auth/stdio-caller';
import type { ServerDeps } from '../deps';
import { buildMcpServer } from '../mcp/build-server';
import { connectInstructions } from '../mcp/connect-instructions';

export interface StdioSessionOptions {
  deps: ServerDeps;
  /** SVC_TOKEN of the session's process; without it the single user of the instance. */
  token: string | undefined;
  input?: Readable;
  output?: Writable;
  onClose?: () => void;
}

/** Resolves the caller first, so a refused session fails before any protocol frame is exchanged. */
export async function openStdioSession({ deps, token, input = process.stdin, output = process.stdout, onClose }: StdioSessionOptions): Promise<Server> {
  const caller = await resolveStdioCaller(deps.database, token);
  if (!caller) {
    throw fail.unauthorized(
      'No caller for stdio: set SVC_TOKEN to a token from `svc token create`, or keep exactly one user',
    );
  }
  // One caller for the life of the session; the client's name is not known before it connects.
  const instructions = (await connectInstructions(deps, caller)).text;
  const server = buildMcpServer({ caller, deps, transport: 'stdio', instructions });
  const transport = new StdioServerTransport(input, output);
  if (onClose) transport.onclose = onClose;
  await server.connect(transport);
  // The transport does not watch for the end of its input: a client that hangs up ends the session.
  input.once('end', () => void server.close());
  deps.logger.info('stdio_ready', { userId: caller.userId });
  return server;
}
