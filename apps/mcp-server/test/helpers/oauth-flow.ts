// Plays an MCP client's OAuth flow from the outside: an SDK client provider kept in memory, and a browser made of fetch and a cookie jar.
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { createDashboardSession, createUser, type Database } from '@svc/db';

export const LOOPBACK_REDIRECT = 'http://127.0.0.1:43110/callback';

/** An `OAuthClientProvider` that keeps everything in memory and records where it was sent to authorize. */
export class MemoryOAuthProvider implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  discovery: OAuthDiscoveryState | undefined;

  constructor(
    readonly redirectUrl: string = LOOPBACK_REDIRECT,
    private readonly extraMetadata: Partial<OAuthClientMetadata> = {},
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Test agent',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...this.extraMetadata,
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.client = undefined;
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }
}

/** Just enough of a browser's cookie store: names and values, paths and domains ignored. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): Record<string, string> {
    const pairs = [...this.cookies].map(([name, value]) => `${name}=${value}`);
    return pairs.length > 0 ? { cookie: pairs.join('; ') } : {};
  }

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(url: string | URL): Promise<Response> {
    const res = await fetch(url, { redirect: 'manual', headers: this.header() });
    this.take(res);
    return res;
  }
}

/** A person with a dashboard session, as the dashboard holds it after sign-in. */
export async function signedInPerson(
  database: Database,
  email: string,
): Promise<{ userId: string; session: string }> {
  const { user } = await createUser(database.db, email);
  const { token } = await createDashboardSession(database.db, {
    userId: user.id,
    amr: ['password'],
    ttlMs: 3_600_000,
  });
  return { userId: user.id, session: token };
}

/** Opens the authorization URL in the "browser"; returns the consent request id from the dashboard redirect. */
export async function openAuthorize(
  jar: CookieJar,
  authorizationUrl: string | URL,
): Promise<{ id: string; res: Response }> {
  const res = await jar.get(authorizationUrl);
  const location = res.headers.get('location');
  if (res.status !== 302 || !location)
    throw new Error(`authorize answered ${res.status}: ${await res.text()}`);
  const id = new URL(location).searchParams.get('id');
  if (!id) throw new Error(`no consent id in ${location}`);
  return { id, res };
}

/** Calls the consent API the way the dashboard's server does. */
export function consentApi(baseUrl: string, session: string) {
  const headers = { authorization: `Bearer ${session}`, 'content-type': 'application/json' };
  return {
    read: (id: string, screenless = false) =>
      fetch(
        `${baseUrl}/oauth/authorizations/${encodeURIComponent(id)}${screenless ? '?screenless=1' : ''}`,
        { headers },
      ),
    decide: (id: string, decision: 'allow' | 'deny') =>
      fetch(`${baseUrl}/oauth/authorizations/${encodeURIComponent(id)}/consent`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ decision }),
      }),
  };
}

/** Follows `redirect_to` in the browser until it lands on the client's redirect URI; returns that address. */
export async function finishInBrowser(jar: CookieJar, redirectTo: string): Promise<URL> {
  let next = redirectTo;
  for (let hop = 0; hop < 5; hop += 1) {
    const res = await jar.get(next);
    const location = res.headers.get('location');
    if (!location)
      throw new Error(`resume answered ${res.status} without a redirect: ${await res.text()}`);
    const url = new URL(location, next);
    if (!url.pathname.startsWith('/oauth/')) return url;
    next = url.href;
  }
  throw new Error('too many redirects');
}

/** The whole browser part: authorize, allow (or deny) as `session`, land on the redirect URI. */
export async function authorizeInBrowser(
  baseUrl: string,
  authorizationUrl: string | URL,
  session: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<URL> {
  const jar = new CookieJar();
  const { id } = await openAuthorize(jar, authorizationUrl);
  const api = consentApi(baseUrl, session);
  const read = await api.read(id);
  if (read.status !== 200)
    throw new Error(`consent read answered ${read.status}: ${await read.text()}`);
  const decided = await api.decide(id, decision);
  if (decided.status !== 200)
    throw new Error(`consent answered ${decided.status}: ${await decided.text()}`);
  const { redirect_to } = (await decided.json()) as { redirect_to: string };
  return finishInBrowser(jar, redirect_to);
}
