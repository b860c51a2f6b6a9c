// End to end with the MCP SDK's own OAuth client: discovery, registration, consent, code, tool calls, refresh, restart.
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { restartableServer } from './helpers/restartable';
import { call } from './helpers/mcp-client';
import { authorizeInBrowser, MemoryOAuthProvider, signedInPerson } from './helpers/oauth-flow';

const server = restartableServer('svc-oauth-sdk-');
const { start, stop } = server;

afterAll(() => server.dispose());

async function connected(url: string, provider: MemoryOAuthProvider): Promise<Client> {
  const client = new Client({ name: 'sdk-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { authProvider: provider }),
  );
  return client;
}

describe('the MCP SDK client against the authorization server', () => {
  it('authorizes, acts as the person, refreshes, and keeps working across a restart', async () => {
    const first = await start();
    const port = Number(new URL(first.url).port);
    const ada = await signedInPerson(first.deps.database, 'ada@example.com');
    const provider = new MemoryOAuthProvider();

    // First contact: 401 → discovery → registration → the SDK sends the person to authorize.
    const transport = new StreamableHTTPClientTransport(new URL(`${first.url}/mcp`), {
      authProvider: provider,
    });
    await expect(
      new Client({ name: 'sdk-agent', version: '1.0.0' }).connect(transport),
    ).rejects.toThrow(UnauthorizedError);
    expect(provider.client?.client_id).toBeTruthy();
    const authorizationUrl = provider.authorizationUrl;
    if (!authorizationUrl) throw new Error('the SDK did not ask to authorize');
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(
      `${first.url}/oauth/authorize`,
    );
    expect(authorizationUrl.searchParams.get('resource')).toBe(`${first.url}/mcp`);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');

    const landed = await authorizeInBrowser(first.url, authorizationUrl, ada.session);
    await transport.finishAuth(landed.searchParams.get('code') ?? '');
    expect(provider.saved?.refresh_token).toBeTruthy();

    let agent = await connected(first.url, provider);
    expect(
      (await call(agent, 'remember', { content: 'Ada ships on Thursdays', scope: 'personal' }))
        .error,
    ).toBeUndefined();

    // Refresh: the SDK trades its refresh token (rotated) for a new access token.
    const spent = provider.saved?.refresh_token;
    expect(await auth(provider, { serverUrl: new URL(`${first.url}/mcp`) })).toBe('AUTHORIZED');
    expect(provider.saved?.refresh_token).toBeTruthy();
    expect(provider.saved?.refresh_token).not.toBe(spent);
    const recalled = await call(agent, 'recall', {
      query: 'when does Ada ship',
      scope: 'personal',
    });
    expect(JSON.stringify(recalled.ok)).toContain('Thursdays');
    await agent.close();
    await stop();

    // Same data directory, same address: the stored tokens and registration still work.
    const second = await start(port);
    agent = await connected(second.url, provider);
    const again = await call(agent, 'recall', { query: 'when does Ada ship', scope: 'personal' });
    expect(JSON.stringify(again.ok)).toContain('Thursdays');
    expect(await auth(provider, { serverUrl: new URL(`${second.url}/mcp`) })).toBe('AUTHORIZED');
    expect(
      (await call(agent, 'recall', { query: 'Thursdays', scope: 'personal' })).error,
    ).toBeUndefined();
    await agent.close();
  });
});
