// An MCP SDK client over Streamable HTTP for one bearer token, with helpers to read tool results.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createApiToken, createUser, type Database } from '@svc/db';

export async function connect(url: string, token: string, clientName = 'test-client'): Promise<Client> {
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

export async function newUserToken(database: Database, email: string): Promise<{ userId: string; token: string }> {
  const { user } = await createUser(database.db, email);
  const { token } = await createApiToken(database.db, user.id);
  return { userId: user.id, token };
}

export interface ToolOutcome<T = Record<string, unknown>> {
  raw: CallToolResult;
  ok: T;
  error?: { code: string; message: string; details?: Record<string, unknown> };
}

export async function call<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown>): Promise<ToolOutcome<T>> {
  const raw = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = raw.content[0];
  if (raw.isError) {
    const body = JSON.parse(first?.type === 'text' ? first.text : '{}') as { error: ToolOutcome['error'] };
    return { raw, ok: undefined as T, error: body.error };
  }
  return { raw, ok: raw.structuredContent as T };
}
