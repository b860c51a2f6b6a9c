// Real MCP clients' requests against the authorization server: registration, authorization, code, tool call, refresh.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/env';
import { settingsFromEnv } from '../src/settings';
import {
  CLIENT_PROFILES,
  REFUSED_REGISTRATIONS,
  type ClientProfile,
} from './fixtures/oauth-clients';
import { startHarness, type Harness } from './helpers/harness';
import { call, connect } from './helpers/mcp-client';
import { authorizeUrl, pkcePair, registerRaw, type TokenSet } from './helpers/oauth-client';
import { consentApi, CookieJar, openAuthorize, signedInPerson } from './helpers/oauth-flow';

let h: Harness;
let ada: { userId: string; session: string };
beforeAll(async () => {
  const defaults = settingsFromEnv(parseEnv({})).auth;
  // Every client of this file comes from the one test address: lift the per-address OAuth limit.
  h = await startHarness({ settings: { auth: { ...defaults, ratePerMinute: 10_000 } } });
  ada = await signedInPerson(h.deps.database, 'ada@example.com');
});
afterAll(() => h.close());

interface Registered {
  client_id: string;
  client_secret?: string;
  [key: string]: unknown;
}

async function register(profile: ClientProfile): Promise<Registered> {
  const res = await registerRaw(h.url, profile.registration);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Registered;
}

/** Opens the authorization URL, allows as Ada, and follows the browser until it leaves the server. */
async function authorizeAsAda(url: URL): Promise<URL> {
  const jar = new CookieJar();
  const { id } = await openAuthorize(jar, url);
  const api = consentApi(h.url, ada.session);
  const read = await api.read(id);
  expect(read.status).toBe(200);
  // The screen shows the address the client asked to return to, its port included.
  expect(((await read.json()) as { redirect_uri: string }).redirect_uri).toBe(
    url.searchParams.get('redirect_uri'),
  );
  const decided = await api.decide(id, 'allow');
  expect(decided.status).toBe(200);
  let next = ((await decided.json()) as { redirect_to: string }).redirect_to;
  for (let hop = 0; hop < 5; hop += 1) {
    const location = (await jar.get(next)).headers.get('location');
    if (!location) throw new Error(`no redirect from ${next}`);
    const target = new URL(location, next);
    if (target.origin !== new URL(h.url).origin) return target;
    next = target.href;
  }
  throw new Error('too many redirects');
}

/** A token request as the profile's client sends it: client authentication, and `Origin` from a browser. */
function tokenCall(profile: ClientProfile, client: Registered, params: Record<string, string>) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const body = new URLSearchParams(params);
  if (profile.auth === 'client_secret_basic') {
    const pair = `${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret ?? '')}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    body.set('client_id', client.client_id);
    if (profile.auth === 'client_secret_post')
      body.set('client_secret', client.client_secret ?? '');
  }
  if (profile.origin) headers.origin = profile.origin;
  return fetch(`${h.url}/oauth/token`, { method: 'POST', headers, body });
}

async function codeFor(profile: ClientProfile, client: Registered, resource: string | undefined) {
  const { verifier, challenge } = pkcePair();
  const url = authorizeUrl(h.url, {
    clientId: client.client_id,
    challenge,
    redirectUri: profile.redirectUri,
    scope: profile.scope,
    resource,
    state: 'interop-state',
  });
  const landed = await authorizeAsAda(url);
  expect(landed.href.startsWith(profile.redirectUri), landed.href).toBe(true);
  expect(landed.searchParams.get('state')).toBe('interop-state');
  const code = landed.searchParams.get('code');
  if (!code) throw new Error(`no code in ${landed.href}`);
  return { code, verifier };
}

describe.each(CLIENT_PROFILES)('$name', (profile) => {
  it('registers, authorizes, exchanges the code, calls a tool, and refreshes without resource or scope', async () => {
    const client = await register(profile);
    expect(client.token_endpoint_auth_method).toBe(profile.auth);
    expect(typeof client.client_secret).toBe(profile.auth === 'none' ? 'undefined' : 'string');
    expect(client.application_type).toBe(
      profile.redirectUri.startsWith('https:') ? 'web' : 'native',
    );

    const { code, verifier } = await codeFor(profile, client, `${h.url}/mcp`);
    const exchange = await tokenCall(profile, client, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: profile.redirectUri,
      ...(profile.resourceAtToken ? { resource: `${h.url}/mcp` } : {}),
    });
    expect(exchange.status, await exchange.clone().text()).toBe(200);
    if (profile.origin)
      expect(exchange.headers.get('access-control-allow-origin')).toBe(profile.origin);
    const tokens = (await exchange.json()) as TokenSet;
    expect(tokens.scope).toBe('memory');
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      aud: `${h.url}/mcp`,
      sub: ada.userId,
      client_id: client.client_id,
    });
    const wantsRefresh = (profile.scope ?? '').split(' ').includes('offline_access');
    expect(Boolean(tokens.refresh_token)).toBe(wantsRefresh);

    const agent = await connect(h.url, tokens.access_token, profile.name);
    const stored = await call(agent, 'remember', {
      content: `Ada connected ${profile.name}`,
      scope: 'personal',
    });
    expect(stored.error).toBeUndefined();
    await agent.close();
    if (!tokens.refresh_token) return;

    const refreshed = await tokenCall(profile, client, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status, await refreshed.clone().text()).toBe(200);
    const next = (await refreshed.json()) as TokenSet;
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(next.access_token)).toMatchObject({ aud: `${h.url}/mcp`, scope: 'memory' });
    const again = await connect(h.url, next.access_token, profile.name);
    expect(
      (await call(again, 'recall', { query: profile.name, scope: 'personal' })).error,
    ).toBeUndefined();
    await again.close();
  });
});

describe('registrations the contract refuses', () => {
  it.each(REFUSED_REGISTRATIONS)(
    '$name: https mixed with loopback or private-use is 400 invalid_redirect_uri',
    async ({ registration }) => {
      const res = await registerRaw(h.url, registration);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    },
  );
});

describe('resource indicators (RFC 8707, MCP authorization)', () => {
  const [claudeCode] = CLIENT_PROFILES;
  if (!claudeCode) throw new Error('no Claude Code profile');

  it('{PUBLIC_URL}/mcp/ names the same resource: the token is for {PUBLIC_URL}/mcp, and refreshes keep working', async () => {
    const client = await register(claudeCode);
    const { code, verifier } = await codeFor(claudeCode, client, `${h.url}/mcp/`);
    const exchange = await tokenCall(claudeCode, client, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: claudeCode.redirectUri,
      resource: `${h.url}/mcp/`,
    });
    expect(exchange.status, await exchange.clone().text()).toBe(200);
    const tokens = (await exchange.json()) as TokenSet;
    expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: `${h.url}/mcp`, scope: 'memory' });
    const refreshed = await tokenCall(claudeCode, client, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refreshed.status).toBe(200);
    const agent = await connect(h.url, ((await refreshed.json()) as TokenSet).access_token);
    expect(
      (await call(agent, 'recall', { query: 'anything', scope: 'personal' })).error,
    ).toBeUndefined();
    await agent.close();
  });

  it('an authorization without resource gets {PUBLIC_URL}/mcp, and the exchange may then name it', async () => {
    const client = await register(claudeCode);
    const { code, verifier } = await codeFor(claudeCode, client, undefined);
    const exchange = await tokenCall(claudeCode, client, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: claudeCode.redirectUri,
      resource: `${h.url}/mcp`,
    });
    expect(exchange.status, await exchange.clone().text()).toBe(200);
    expect(decodeJwt(((await exchange.json()) as TokenSet).access_token).aud).toBe(`${h.url}/mcp`);
  });

  it('the bare origin, another path or another host is invalid_target, sent back to the client', async () => {
    const client = await register(claudeCode);
    for (const resource of [
      h.url,
      `${h.url}/`,
      `${h.url}/mcp/tools`,
      'https://elsewhere.example/mcp',
    ]) {
      const url = authorizeUrl(h.url, {
        clientId: client.client_id,
        challenge: pkcePair().challenge,
        redirectUri: claudeCode.redirectUri,
        resource,
      });
      const res = await fetch(url, { redirect: 'manual' });
      const location = new URL(res.headers.get('location') ?? 'http://x/');
      expect(location.href.startsWith(claudeCode.redirectUri), resource).toBe(true);
      expect(location.searchParams.get('error'), resource).toBe('invalid_target');
    }
  });
});

describe('registration details of real clients', () => {
  it('the Inspector before it knows the scopes registers scope "": taken as no scope', async () => {
    const res = await registerRaw(h.url, {
      redirect_uris: ['http://localhost:6274/oauth/callback'],
      token_endpoint_auth_method: 'none',
      scope: '',
    });
    expect(res.status).toBe(201);
    expect((await res.json()) as Registered).not.toHaveProperty('scope');
  });

  it('a loopback address registered without a port matches any port (RFC 8252 §7.3)', async () => {
    const res = await registerRaw(h.url, {
      redirect_uris: ['http://localhost/callback', 'http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'none',
    });
    const client = (await res.json()) as Registered;
    for (const redirectUri of [
      'http://localhost:50123/callback',
      'http://127.0.0.1:50124/callback',
    ]) {
      const url = authorizeUrl(h.url, {
        clientId: client.client_id,
        challenge: pkcePair().challenge,
        redirectUri,
      });
      expect((await openAuthorize(new CookieJar(), url)).id).toBeTruthy();
    }
  });

  it('a browser may register cross-origin (the Inspector in direct mode): preflight and answer carry CORS', async () => {
    const origin = 'http://localhost:6274';
    const preflight = await fetch(`${h.url}/oauth/register`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'content-type',
    );
    const res = await fetch(`${h.url}/oauth/register`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [`${origin}/oauth/callback`],
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const metadata = await fetch(`${h.url}/.well-known/oauth-authorization-server`, {
      headers: { origin },
    });
    expect(metadata.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it("mcp-remote's last-resort scope (openid email profile) is refused; it is only sent when the resource lists no scopes", async () => {
    const res = await registerRaw(h.url, {
      redirect_uris: ['http://localhost:3334/oauth/callback'],
      token_endpoint_auth_method: 'none',
      scope: 'openid email profile',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_client_metadata' });
  });
});
