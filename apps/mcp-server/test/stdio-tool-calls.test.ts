import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRequestId } from '@svc/contract';
import { rowsOf } from '@svc/db';
import { buildMcpServer } from '../src/mcp/build-server';
import { startHarness, type Harness } from './helpers/harness';
import { newUserToken } from './helpers/mcp-client';
import { PAYLOAD_MARKER, TEST_TOOLS } from './helpers/test-tools';

// The stdio transport's server, built exactly as `svc stdio` builds it, on an in-process pipe.
let h: Harness;
let client: Client;
let userId: string;
beforeAll(async () => {
  h = await startHarness({ tools: TEST_TOOLS });
  userId = (await newUserToken(h.deps.database, 'local@example.com')).userId;
  const server = buildMcpServer({ caller: { userId, email: 'local@example.com', aal: 'aal2', via: 'local' }, deps: h.deps, transport: 'stdio' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(clientSide);
});
afterAll(async () => {
  await client.close();
  await h.close();
});

describe('tool calls over the stdio transport', () => {
  it('do not report mcp_tool_calls_total or mcp_write_refused_total', async () => {
    await client.callTool({ name: 'forget', arguments: { ids: [randomUUID()] } });
    const refused = await client.callTool({ name: 'remember', arguments: { content: 'a fact' } });
    // The refusal that HTTP counts under mcp_write_refused_total{reason="scope_target_required"}.
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('scope_target_required:');
    expect((await h.deps.metrics.toolCalls.get()).values).toEqual([]);
    expect((await h.deps.metrics.writeRefused.get()).values).toEqual([]);
  });

  it('each get a request id of their own, carried by the log lines and the usage event', async () => {
    const from = h.logs.length;
    await client.callTool({ name: 'forget', arguments: { ids: [randomUUID()], reason: PAYLOAD_MARKER } });
    const line = h.logs.slice(from).find((l) => l.message === 'tool_call');
    const id = line?.requestId as string;
    expect(isRequestId(id)).toBe(true);
    expect(h.logs.slice(from).find((l) => l.message === 'test_forget_ran')?.requestId).toBe(id);
    expect(JSON.stringify(h.logs.slice(from))).not.toContain(PAYLOAD_MARKER);
    await h.deps.usage.flush();
    const rows = rowsOf<{ tool: string; user_id: string }>(
      await h.deps.database.db.execute(sql`select tool, user_id from usage_events where request_id = ${id}`),
    );
    expect(rows).toEqual([{ tool: 'forget', user_id: userId }]);
  });
});
