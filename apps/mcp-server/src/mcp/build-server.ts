// Builds one MCP server for one caller: the contract capability, the instructions and the tools.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { CAPABILITY_KEY, CONTRACT_VERSION } from '@svc/contract';
import type { Caller } from '../auth/caller';
import type { ServerDeps } from '../deps';
import { callTool } from './call-tool';
import { composeInstructions } from './instructions';
import { TOOL_HANDLERS } from './tools';
import { listTools } from './tool-list';

export interface McpContext {
  caller: Caller;
  deps: ServerDeps;
  transport: 'http' | 'stdio';
}

/**
 * The low-level server rather than McpServer: argument validation must answer with the service's
 * error body (code `validation_failed`), which McpServer's built-in validation does not produce.
 */
export function buildMcpServer(ctx: McpContext): Server {
  const server = new Server(
    { name: 'memory-service', version: ctx.deps.build.version },
    {
      capabilities: {
        experimental: { [CAPABILITY_KEY]: { version: CONTRACT_VERSION } },
        tools: { listChanged: false },
      },
      instructions: composeInstructions(),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listTools(TOOL_HANDLERS) }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(TOOL_HANDLERS, request.params.name, request.params.arguments, ctx),
  );
  return server;
}
