// MCP resources: svc://memory/{id} (the full row) and svc://rules, both resolved by the caller's own context.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { MEMORY_RESOURCE_TEMPLATE, RULES_RESOURCE_URI, parseResourceUri } from '@svc/contract';
import { listActiveRules, loadMemory, toMemoryView } from '@svc/core';
import type { McpContext } from './mcp-context';

export function registerResources(server: Server, ctx: McpContext): void {
  const asCaller = <T>(fn: Parameters<typeof ctx.deps.database.asUser<T>>[1]) =>
    ctx.deps.database.asUser({ userId: ctx.caller.userId, aal: ctx.caller.aal }, fn);

  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [{ uri: RULES_RESOURCE_URI, name: 'rules', title: 'Your standing rules', mimeType: 'application/json' }],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      { uriTemplate: MEMORY_RESOURCE_TEMPLATE, name: 'memory', title: 'A memory, full and untruncated', mimeType: 'application/json' },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const ref = parseResourceUri(uri);
    if (!ref) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${uri}`);
    // Which rows a URI resolves to is decided by who asks: another user's memory is simply not found.
    const payload =
      ref.kind === 'rules'
        ? { rules: await asCaller((tx) => listActiveRules(tx)) }
        : await asCaller(async (tx) => {
            const memory = await loadMemory(tx, ref.id);
            return memory ? toMemoryView(memory, { full: true }) : null;
          });
    if (payload === null) throw new McpError(ErrorCode.InvalidParams, `Resource not found: ${uri}`);
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(payload) }] };
  });
}
