// `svc stdio`: MCP over stdin/stdout for one local caller; stdout carries protocol frames only.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { fail } from '@svc/errors';
import type { Caller } from './auth/caller';
import { resolveStdioCaller } from './auth/stdio-caller';
import type { Env } from './env';
import { buildMcpServer } from './mcp/build-server';
import { openRuntime } from './runtime';

export async function serveStdio(env: Env): Promise<void> {
  const deps = await openRuntime(env, { forceStderr: true });
  const caller: Caller | null = await resolveStdioCaller(deps.database, env.SVC_TOKEN);
  if (!caller) {
    throw fail.unauthorized(
      'No caller for stdio: set SVC_TOKEN to a token from `svc token create`, or keep exactly one user',
    );
  }
  const server = buildMcpServer({ caller, deps, transport: 'stdio' });
  const transport = new StdioServerTransport();
  transport.onclose = () => void deps.database.close();
  await server.connect(transport);
  deps.logger.info('stdio_ready', { userId: caller.userId });
}
