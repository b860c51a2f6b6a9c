// Dynamic client registration: open to public clients, bounded input, no https mixed with loopback, loopback clients native.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';
import { authorizeUrl, pkcePair, registerClient, registerRaw } from './helpers/oauth-client';
import { CookieJar, openAuthorize } from './helpers/oauth-flow';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function refusal(
  metadata: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await registerRaw(h.url, { token_endpoint_auth_method: 'none', ...metadata });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /oauth/register', () => {
  it('registers a public client (token_endpoint_auth_method none) with no secret, as MCP clients send it', async () => {
    const client = await registerClient(h.url, {
      client_name: 'Claude Code',
      scope: 'memory offline_access',
    });
    expect(client.client_id).toBeTruthy();
    expect(client.client_secret).toBeUndefined();
    expect(client).toMatchObject({
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    });
  });

  it('https mixed with loopback or private-use addresses is 400 invalid_redirect_uri (flat body)', async () => {
    for (const other of [
      'http://127.0.0.1:8080/cb',
      'http://localhost/cb',
      'http://[::1]:9/cb',
      'com.example.app:/cb',
    ]) {
      const { status, body } = await refusal({
        redirect_uris: ['https://app.example.com/cb', other],
      });
      expect(status, other).toBe(400);
      expect(body.error, other).toBe('invalid_redirect_uri');
      // The rule that was broken, not the provider's stock "did not match any registered" text.
      expect(body.error_description).toMatch(/^redirect_uris: one client may not mix https addresses with loopback/);
      expect(body.error_description).not.toMatch(/did not match/);
    }
  });

  it('more than 8 redirect_uris, or one over 2048 characters, is 400 invalid_redirect_uri', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => `http://127.0.0.1/cb${i}`);
    expect((await refusal({ redirect_uris: nine })).body.error).toBe('invalid_redirect_uri');
    const long = `http://127.0.0.1/${'a'.repeat(2048)}`;
    expect((await refusal({ redirect_uris: [long] })).body.error).toBe('invalid_redirect_uri');
    expect((await refusal({ redirect_uris: [] })).body.error).toBe('invalid_redirect_uri');
    const eight = Array.from({ length: 8 }, (_, i) => `http://127.0.0.1/cb${i}`);
    expect(
      (await registerRaw(h.url, { token_endpoint_auth_method: 'none', redirect_uris: eight }))
        .status,
    ).toBe(201);
  });

  it('scope, resource and client_name are bounded: 400 invalid_client_metadata beyond', async () => {
    const redirect_uris = ['http://127.0.0.1/cb'];
    const tooMany = Array.from({ length: 33 }, (_, i) => `s${i}`).join(' ');
    const cases = {
      'scope over 1024 characters': { scope: 'm'.repeat(1025) },
      'scope of 33 entries': { scope: tooMany },
      'resource over 2048 characters': { resource: `https://x.example/${'r'.repeat(2048)}` },
      'client_name over 200 characters': { client_name: 'n'.repeat(201) },
    };
    for (const [why, extra] of Object.entries(cases)) {
      const { status, body } = await refusal({ redirect_uris, ...extra });
      expect(status, why).toBe(400);
      expect(body.error, why).toBe('invalid_client_metadata');
    }
  });

  it('a loopback-only client is native: its authorization request matches on any port', async () => {
    const client = await registerClient(h.url, {
      redirect_uris: ['http://127.0.0.1:40001/callback'],
    });
    const url = authorizeUrl(h.url, {
      clientId: client.client_id,
      challenge: pkcePair().challenge,
      redirectUri: 'http://127.0.0.1:59999/callback',
    });
    const { id } = await openAuthorize(new CookieJar(), url);
    expect(id).toBeTruthy();
  });

  it('a web client (https) must match its redirect_uri exactly', async () => {
    const client = await registerClient(h.url, { redirect_uris: ['https://agent.example.com/cb'] });
    expect(client).toMatchObject({ application_type: 'web' });
    const url = authorizeUrl(h.url, {
      clientId: client.client_id,
      challenge: pkcePair().challenge,
      redirectUri: 'https://agent.example.com/other',
    });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_redirect_uri' });
  });
});
