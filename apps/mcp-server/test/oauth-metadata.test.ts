// Discovery as an MCP client meets it: the 401 challenge, RFC 9728 and RFC 8414 metadata, the JWKS, the routes that do not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('discovery', () => {
  it('/mcp without a token is 401 unauthorized with a challenge naming the protected-resource metadata', async () => {
    const res = await fetch(`${h.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${h.url}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('a presented but unknown token adds error="invalid_token" to the challenge', async () => {
    const res = await fetch(`${h.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer svc_nope' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(
      /^Bearer resource_metadata="[^"]+", error="invalid_token"$/,
    );
  });

  it('serves RFC 9728 metadata for {PUBLIC_URL}/mcp at the path-inserted and the bare address', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ]) {
      const res = await fetch(`${h.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toMatchObject({
        resource: `${h.url}/mcp`,
        authorization_servers: [h.url],
        scopes_supported: ['memory', 'offline_access'],
      });
    }
  });

  it('serves RFC 8414 and OIDC discovery with the issuer PUBLIC_URL and the /oauth/ endpoints', async () => {
    for (const path of [
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
    ]) {
      const res = await fetch(`${h.url}${path}`);
      expect(res.status, path).toBe(200);
      const meta = (await res.json()) as Record<string, unknown>;
      expect(meta).toMatchObject({
        issuer: h.url,
        authorization_endpoint: `${h.url}/oauth/authorize`,
        token_endpoint: `${h.url}/oauth/token`,
        registration_endpoint: `${h.url}/oauth/register`,
        revocation_endpoint: `${h.url}/oauth/revoke`,
        jwks_uri: `${h.url}/oauth/jwks`,
        code_challenge_methods_supported: ['S256'],
      });
      expect(meta.scopes_supported).toEqual(expect.arrayContaining(['memory', 'offline_access']));
      expect(meta.token_endpoint_auth_methods_supported).toContain('none');
      expect(meta.grant_types_supported).toEqual(
        expect.arrayContaining(['authorization_code', 'refresh_token']),
      );
    }
  });

  it('ignores a client-sent X-Forwarded-Host: URLs always come from PUBLIC_URL', async () => {
    const res = await fetch(`${h.url}/.well-known/oauth-authorization-server`, {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(((await res.json()) as { token_endpoint: string }).token_endpoint).toBe(
      `${h.url}/oauth/token`,
    );
  });

  it('publishes one ES256 public key, without its private part', async () => {
    const res = await fetch(`${h.url}/oauth/jwks`);
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('POST /oauth/authorize does not exist: 404 with a flat body', async () => {
    const res = await fetch(`${h.url}/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_id=x',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });

  it('an authorization request for an unknown client gets a flat error, not an HTML page', async () => {
    const res = await fetch(`${h.url}/oauth/authorize?client_id=nobody&response_type=code`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_client' });
  });
});
