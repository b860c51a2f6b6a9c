// Builds one MCP server for one caller: the contract capability, the instructions and the tools.
import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CAPABILITY_KEY, CONTRACT_VERSION } from '@svc/contract';
import { ensureRequestContext } from '@svc/observability';
import { callTool } from './call-tool';
import type { McpContext } from './mcp-context';
import { registerCompletions } from './completions';
import { registerPrompts } from './prompts/index';
import { registerResources } from './resources';
import { registerLogging } from './session-log';
import { ParamsCheckedServer } from './params-checked-server';
import { sessionThread } from './session-threads';
import { listTools } from './tool-list';

export type { McpContext } from './mcp-context';

/**
 * HTTP builds a server per request (stateless), and the SDK's default is a new Ajv instance each
 * time: under 50 sessions that was 4% of the serving thread, more than the tools' own code. It
 * validates only elicitation forms, which this service never sends, so one per process serves all.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * The low-level server rather than McpServer: argument validation must answer with the service's
 * error body (code `validation_failed`), which McpServer's built-in validation does not produce.
 */
export function buildMcpServer(ctx: McpContext): Server {
  const server = new ParamsCheckedServer(
    { name: 'memory-service', version: ctx.deps.build.version },
    {
      capabilities: {
        experimental: { [CAPABILITY_KEY]: { version: CONTRACT_VERSION } },
        tools: { listChanged: false },
        resources: {},
        logging: {},
        prompts: { listChanged: false },
        completions: {},
      },
      ...(ctx.instructions !== undefined && { instructions: ctx.instructions }),
      jsonSchemaValidator,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listTools(ctx.deps.tools) }));
  const log = registerLogging(server, ctx.deps, ctx.sessionKey ?? randomUUID());
  const threadKey = ctx.threadKey ?? (ctx.transport === 'stdio' ? `stdio:${randomUUID()}` : undefined);
  const thread = threadKey === undefined ? null : sessionThread(ctx.deps, threadKey);
  const closed = new AbortController();
  server.onclose = () => {
    closed.abort();
    // Over HTTP a server lives for one request while its session goes on; a stdio one is the session.
    if (ctx.transport === 'stdio') thread?.forget();
  };
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    // Related to the request, so over HTTP the message travels on that request's own stream.
    // Over HTTP the request already has its id; a stdio message gets one of its own per call.
    const { name, arguments: given } = request.params;
    const args = thread ? thread.fill(name, given) : given;
    const toolCtx = { ...ctx, notify: log.notifier(extra.sendNotification), closed: closed.signal, threadFromTransport: args !== given };
    return ensureRequestContext(async () => {
      const result = await callTool(ctx.deps.tools, name, args, toolCtx);
      thread?.note(result);
      return result;
    });
  });
  registerResources(server, ctx);
  registerPrompts(server, ctx);
  registerCompletions(server, ctx);
  return server;
}
