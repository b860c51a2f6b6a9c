// A hand-rolled OAuth client for tests that need each request in view: registration, PKCE, authorize URL, token calls.
import { createHash, randomBytes } from 'node:crypto';
import { authorizeInBrowser, LOOPBACK_REDIRECT } from './oauth-flow';

export interface RegisteredClient {
  client_id: string;
  redirect_uris: string[];
  [key: string]: unknown;
}

export async function registerRaw(
  baseUrl: string,
  metadata: Record<string, unknown>,
): Promise<Response> {
  return fetch(`${baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(metadata),
  });
}

export async function registerClient(
  baseUrl: string,
  metadata: Record<string, unknown> = {},
): Promise<RegisteredClient> {
  const res = await registerRaw(baseUrl, {
    client_name: 'Hand client',
    redirect_uris: [LOOPBACK_REDIRECT],
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    ...metadata,
  });
  if (res.status !== 201)
    throw new Error(`registration answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as RegisteredClient;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeParams {
  clientId: string;
  challenge: string;
  redirectUri?: string;
  /** Omitted when undefined; pass null to send no scope at all. */
  scope?: string | null;
  resource?: string;
  state?: string;
}

export function authorizeUrl(baseUrl: string, p: AuthorizeParams): URL {
  const url = new URL(`${baseUrl}/oauth/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', p.clientId);
  url.searchParams.set('redirect_uri', p.redirectUri ?? LOOPBACK_REDIRECT);
  url.searchParams.set('code_challenge', p.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', p.state ?? 'st-1');
  if (p.scope !== null) url.searchParams.set('scope', p.scope ?? 'memory offline_access');
  if (p.resource) url.searchParams.set('resource', p.resource);
  return url;
}

export async function tokenRequest(
  baseUrl: string,
  params: Record<string, string>,
): Promise<Response> {
  return fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
}

export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

/** Register (unless given a client), authorize as `session` in the "browser" and exchange the code. */
export async function obtainTokens(
  baseUrl: string,
  session: string,
  opts: { client?: RegisteredClient; scope?: string | null; redirectUri?: string } = {},
): Promise<{ client: RegisteredClient; tokens: TokenSet }> {
  const client = opts.client ?? (await registerClient(baseUrl));
  const { verifier, challenge } = pkcePair();
  const redirectUri = opts.redirectUri ?? client.redirect_uris[0] ?? LOOPBACK_REDIRECT;
  const url = authorizeUrl(baseUrl, {
    clientId: client.client_id,
    challenge,
    scope: opts.scope,
    redirectUri,
    resource: `${baseUrl}/mcp`,
  });
  const landed = await authorizeInBrowser(baseUrl, url, session);
  const code = landed.searchParams.get('code');
  if (!code) throw new Error(`no code in ${landed.href}`);
  const res = await tokenRequest(baseUrl, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: redirectUri,
    client_id: client.client_id,
    resource: `${baseUrl}/mcp`,
  });
  if (res.status !== 200)
    throw new Error(`token endpoint answered ${res.status}: ${await res.text()}`);
  return { client, tokens: (await res.json()) as TokenSet };
}
