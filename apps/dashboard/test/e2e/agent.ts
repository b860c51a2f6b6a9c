// An agent of a test's own stack: a token made with `svc token create`, and the real MCP SDK client calling tools with it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DedicatedStack } from './stack';

export interface Agent {
  /** The tool's structured result; a tool error throws with its code and message. */
  tool<T = Record<string, unknown>>(name: string, args: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

export async function connectAgent(stack: DedicatedStack, email: string): Promise<Agent> {
  const token = (await stack.cli(['token', 'create', '--user', email])).trim().split('\n').at(-1)!.trim();
  const client = new Client({ name: 'e2e-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${stack.serverUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  return {
    async tool<T>(name: string, args: Record<string, unknown>) {
      const raw = (await client.callTool({ name, arguments: args })) as CallToolResult;
      if (raw.isError) {
        const first = raw.content[0];
        throw new Error(`${name} refused: ${first?.type === 'text' ? first.text : 'no text'}`);
      }
      return raw.structuredContent as T;
    },
    close: () => client.close(),
  };
}
