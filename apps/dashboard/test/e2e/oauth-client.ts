// A stand-in MCP client for the consent tests: registration, PKCE, its loopback redirect page, token exchange.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort } from './processes';

export interface LoopbackPages {
  port: number;
  close(): Promise<void>;
}

/**
 * The client's redirect target on 127.0.0.1, and at /start a page with a link to any address, opened as
 * http://localhost:port so that the browser counts it as another site than the dashboard on 127.0.0.1.
 */
export async function startLoopbackPages(): Promise<LoopbackPages> {
  const port = await freePort();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (url.pathname === '/start') {
      const to = url.searchParams.get('to') ?? '/';
      res.end(`<!doctype html><title>Another site</title><a id="go" href="${to.replaceAll('"', '&quot;')}">Connect</a>`);
      return;
    }
    res.end('<!doctype html><title>Client</title><p>The client received the answer.</p>');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export async function registerClient(serverUrl: string, redirectUris: string[]): Promise<string> {
  const res = await fetch(`${serverUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'E2E agent',
      client_uri: 'https://agent.example',
      redirect_uris: redirectUris,
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }),
  });
  const body = (await res.json()) as { client_id?: string };
  if (res.status !== 201 || !body.client_id) throw new Error(`registration failed: ${res.status} ${JSON.stringify(body)}`);
  return body.client_id;
}

export interface Authorization {
  url: string;
  state: string;
  verifier: string;
  redirectUri: string;
}

export function authorization(serverUrl: string, clientId: string, redirectUri: string): Authorization {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'memory',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: `${serverUrl}/mcp`,
  });
  return { url: `${serverUrl}/oauth/authorize?${params}`, state, verifier, redirectUri };
}

export async function exchangeCode(serverUrl: string, clientId: string, auth: Authorization, code: string): Promise<string> {
  const res = await fetch(`${serverUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: auth.redirectUri,
      client_id: clientId,
      code_verifier: auth.verifier,
      resource: `${serverUrl}/mcp`,
    }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`token exchange failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export async function mcpClient(serverUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'e2e-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${serverUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}
