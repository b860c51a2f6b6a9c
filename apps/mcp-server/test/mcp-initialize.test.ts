import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITY_KEY, CONTRACT_VERSION } from '@svc/contract';
import { createApiToken, createUser } from '@svc/db';
import { startHarness, type Harness } from './helpers/harness';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness();
  const { user } = await createUser(h.deps.database.db, 'ada@example.com');
  token = (await createApiToken(h.deps.database.db, user.id)).token;
});
afterAll(() => h.close());

async function connect(bearer: string): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${bearer}` } },
  });
  await client.connect(transport);
  return client;
}

describe('MCP initialize over HTTP', () => {
  it('announces the contract capability with CONTRACT_VERSION', async () => {
    const client = await connect(token);
    const caps = client.getServerCapabilities();
    expect(caps?.experimental?.[CAPABILITY_KEY]).toEqual({ version: CONTRACT_VERSION });
    expect(client.getInstructions()).toContain('remember');
    await client.close();
  });

  it('refuses a client without a valid token', async () => {
    await expect(connect('svc_invalid')).rejects.toThrow();
  });
});
