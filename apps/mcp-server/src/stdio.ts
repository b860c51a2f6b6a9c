// `svc stdio`: MCP over stdin/stdout for one local caller; stdout carries protocol frames only.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { fail } from '@svc/errors';
import type { Caller } from './auth/caller';
import { resolveStdioCaller } from './auth/stdio-caller';
import type { Env } from './env';
import { buildMcpServer } from './mcp/build-server';
import { connectInstructions } from './mcp/connect-instructions';
import { openRuntime } from './runtime';

export async function serveStdio(env: Env): Promise<void> {
  const deps = await openRuntime(env, { forceStderr: true });
  const caller: Caller | null = await resolveStdioCaller(deps.database, env.SVC_TOKEN);
  if (!caller) {
    throw fail.unauthorized(
      'No caller for stdio: set SVC_TOKEN to a token from `svc token create`, or keep exactly one user',
    );
  }
  // One caller for the life of the process; the client's name is not known before it connects.
  const instructions = (await connectInstructions(deps, caller)).text;
  const server = buildMcpServer({ caller, deps, transport: 'stdio', instructions });
  const transport = new StdioServerTransport();
  transport.onclose = () => void deps.usage.flush().then(() => deps.database.close());
  await server.connect(transport);
  deps.logger.info('stdio_ready', { userId: caller.userId });
}
