// Honest metadata: every grant, response type, response mode, auth method and scope advertised is asked for and works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';
import { authorizeUrl, pkcePair, registerClient, registerRaw, tokenRequest, type RegisteredClient } from './helpers/oauth-client';
import { codeFlow as runCodeFlow, type FlowOptions } from './helpers/oauth-code-flow';
import { CookieJar, LOOPBACK_REDIRECT, signedInPerson } from './helpers/oauth-flow';

let h: Harness;
let session: string;
let meta: Record<string, string[]>;
let resourceMeta: Record<string, string[]>;
beforeAll(async () => {
  h = await startHarness();
  session = (await signedInPerson(h.deps.database, 'ada@example.com')).session;
  meta = (await (await fetch(`${h.url}/.well-known/oauth-authorization-server`)).json()) as typeof meta;
  resourceMeta = (await (await fetch(`${h.url}/.well-known/oauth-protected-resource/mcp`)).json()) as typeof meta;
});
afterAll(() => h.close());

/** The flow against this test's server, as its signed-in person. */
const codeFlow = (opts: FlowOptions = {}) => runCodeFlow(h.url, session, opts);

async function confidentialClient(method: string): Promise<{ client: RegisteredClient; secret: string }> {
  const client = await registerClient(h.url, { token_endpoint_auth_method: method });
  expect(client.token_endpoint_auth_method).toBe(method);
  return { client, secret: String(client.client_secret) };
}

const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});

/** One probe per advertised value: a value without a probe fails, so nothing is advertised untried. */
const probes: Record<string, Record<string, () => Promise<void>>> = {
  grant_types_supported: {
    authorization_code: async () => expect((await codeFlow()).status).toBe(200),
    refresh_token: async () => {
      const client = await registerClient(h.url);
      const tokens = (await (await codeFlow({ client })).json()) as { refresh_token: string };
      const res = await tokenRequest(h.url, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
      expect(res.status).toBe(200);
    },
  },
  response_types_supported: { code: async () => expect((await codeFlow()).status).toBe(200) },
  response_modes_supported: Object.fromEntries(
    ['query', 'fragment', 'form_post'].map((mode) => [mode, async () => expect((await codeFlow({ responseMode: mode })).status).toBe(200)]),
  ),
  code_challenge_methods_supported: { S256: async () => expect((await codeFlow()).status).toBe(200) },
  token_endpoint_auth_methods_supported: {
    none: async () => expect((await codeFlow()).status).toBe(200),
    client_secret_basic: async () => {
      const { client, secret } = await confidentialClient('client_secret_basic');
      expect((await codeFlow({ client, auth: {}, headers: basic(client.client_id, secret) })).status).toBe(200);
    },
    client_secret_post: async () => {
      const { client, secret } = await confidentialClient('client_secret_post');
      const auth = { client_id: client.client_id, client_secret: secret };
      expect((await codeFlow({ client, auth })).status).toBe(200);
    },
  },
  scopes_supported: {
    memory: async () => expect((await codeFlow({ scope: 'memory' })).status).toBe(200),
    offline_access: async () => {
      const body = (await (await codeFlow({ scope: 'memory offline_access' })).json()) as Record<string, unknown>;
      expect(typeof body.refresh_token).toBe('string');
    },
    openid: async () => {
      const body = (await (await codeFlow({ scope: 'openid memory' })).json()) as Record<string, unknown>;
      expect(typeof body.id_token).toBe('string');
    },
  },
};

describe('authorization-server metadata', () => {
  it.each(Object.keys(probes))('%s: every advertised value has a probe, and each works', async (field) => {
    const advertised = meta[field];
    expect(Array.isArray(advertised), field).toBe(true);
    for (const value of advertised ?? []) {
      const probe = probes[field]?.[value];
      expect(probe, `${field} advertises ${value}, which no probe tries`).toBeDefined();
      await probe?.();
    }
  });

  it('advertises no implicit grant, no id_token response type and no JWT client authentication', () => {
    expect(meta.grant_types_supported).not.toContain('implicit');
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.token_endpoint_auth_methods_supported).not.toContain('private_key_jwt');
    expect(meta.token_endpoint_auth_methods_supported).not.toContain('client_secret_jwt');
  });

  it('refuses what it does not advertise', async () => {
    const client = await registerClient(h.url);
    const { challenge } = pkcePair();
    const implicit = authorizeUrl(h.url, { clientId: client.client_id, challenge });
    implicit.searchParams.set('response_type', 'id_token');
    const res = await new CookieJar().get(implicit);
    const landed = new URL(res.headers.get('location') ?? 'http://x/');
    expect(landed.searchParams.get('error') ?? new URLSearchParams(landed.hash.slice(1)).get('error')).toBe(
      'unsupported_response_type',
    );
    const grant = await tokenRequest(h.url, { grant_type: 'client_credentials', client_id: client.client_id });
    expect(((await grant.json()) as { error: string }).error).toBe('unsupported_grant_type');
    const jwtAuth = await registerRaw(h.url, { redirect_uris: [LOOPBACK_REDIRECT], token_endpoint_auth_method: 'private_key_jwt' });
    expect(jwtAuth.status).toBe(400);
  });
});

describe('protected-resource metadata', () => {
  it('advertises the header bearer method and scopes the authorization server grants', async () => {
    expect(resourceMeta.bearer_methods_supported).toEqual(['header']);
    for (const scope of resourceMeta.scopes_supported ?? []) expect(meta.scopes_supported).toContain(scope);
    const body = (await (await codeFlow({ scope: resourceMeta.scopes_supported?.join(' ') })).json()) as {
      access_token: string;
    };
    const res = await fetch(`${h.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${body.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(200);
  });
});
