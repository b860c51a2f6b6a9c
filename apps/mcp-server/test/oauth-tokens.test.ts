// The token endpoint and /mcp with OAuth tokens: PKCE, JWT access tokens for {PUBLIC_URL}/mcp, rotation, revocation.
import {
  generateKeyPair,
  SignJWT,
  importJWK,
  decodeJwt,
  decodeProtectedHeader,
  type JWK,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeUserSessions } from '@svc/db';
import { board, projectThread } from './helpers/cards';
import { startHarness, type Harness } from './helpers/harness';
import { call, connect, newUserToken } from './helpers/mcp-client';
import {
  authorizeUrl,
  obtainTokens,
  pkcePair,
  registerClient,
  tokenRequest,
} from './helpers/oauth-client';
import { authorizeInBrowser, signedInPerson } from './helpers/oauth-flow';

let h: Harness;
let ada: { userId: string; session: string };
beforeAll(async () => {
  h = await startHarness();
  ada = await signedInPerson(h.deps.database, 'ada@example.com');
});
afterAll(() => h.close());

async function postMcp(token: string): Promise<Response> {
  return fetch(`${h.url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
}

describe('tokens', () => {
  it('issues an ES256 at+jwt for {PUBLIC_URL}/mcp with the granted scopes and a refresh token', async () => {
    const { tokens } = await obtainTokens(h.url, ada.session);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(h.deps.settings.auth.accessTokenTtlSeconds);
    expect(tokens.refresh_token).toBeTruthy();
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({
      alg: 'ES256',
      typ: 'at+jwt',
    });
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      iss: h.url,
      aud: `${h.url}/mcp`,
      sub: ada.userId,
    });
    // The access token carries the resource's scope; offline_access shows as the refresh token.
    expect(tokens.scope).toBe('memory');
  });

  it('a request without a scope gets memory', async () => {
    const { tokens } = await obtainTokens(h.url, ada.session, { scope: null });
    expect(tokens.scope).toBe('memory');
    expect(decodeJwt(tokens.access_token).scope).toBe('memory');
  });

  it('PKCE is required: an authorization request without a code challenge is refused', async () => {
    const client = await registerClient(h.url);
    const url = authorizeUrl(h.url, { clientId: client.client_id, challenge: 'x' });
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const res = await fetch(url, { redirect: 'manual' });
    const location = new URL(res.headers.get('location') ?? 'http://x/');
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('a code exchanged with the wrong verifier is invalid_grant', async () => {
    const client = await registerClient(h.url);
    const { challenge } = pkcePair();
    const landed = await authorizeInBrowser(
      h.url,
      authorizeUrl(h.url, { clientId: client.client_id, challenge }),
      ada.session,
    );
    const res = await tokenRequest(h.url, {
      grant_type: 'authorization_code',
      code: landed.searchParams.get('code') ?? '',
      code_verifier: pkcePair().verifier,
      redirect_uri: client.redirect_uris[0] ?? '',
      client_id: client.client_id,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refresh tokens rotate on every use, and a refresh without resource or scope keeps the granted ones', async () => {
    const { client, tokens } = await obtainTokens(h.url, ada.session);
    const first = await tokenRequest(h.url, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      client_id: client.client_id,
    });
    expect(first.status).toBe(200);
    const rotated = (await first.json()) as {
      access_token: string;
      refresh_token: string;
      scope: string;
    };
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(rotated.access_token)).toMatchObject({ aud: `${h.url}/mcp`, scope: 'memory' });
    expect((await postMcp(rotated.access_token)).status).toBe(200);
    // The used one is spent (reuse also revokes the grant's tokens, as RFC 9700 advises).
    const reuse = await tokenRequest(h.url, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      client_id: client.client_id,
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
    // The grant is gone, so its agent session ends too: the fresh access token stops working.
    await expect.poll(async () => (await postMcp(rotated.access_token)).status).toBe(401);
  });

  it('a client revoking its refresh token disconnects the agent: the access token stops working', async () => {
    const { client, tokens } = await obtainTokens(h.url, ada.session);
    expect((await postMcp(tokens.access_token)).status).toBe(200);
    const revoked = await fetch(`${h.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token ?? '', client_id: client.client_id }),
    });
    expect(revoked.status).toBe(200);
    await expect.poll(async () => (await postMcp(tokens.access_token)).status).toBe(401);
  });
});

describe('/mcp with OAuth access tokens', () => {
  it('a valid token acts as the person: what they remember they recall, and API tokens keep working', async () => {
    const { tokens } = await obtainTokens(h.url, ada.session);
    const agent = await connect(h.url, tokens.access_token, 'oauth-agent');
    const stored = await call(agent, 'remember', {
      content: 'Ada prefers tabs over spaces',
      scope: 'personal',
    });
    expect(stored.error).toBeUndefined();
    const found = await call<{ memories: { content: string }[] }>(agent, 'recall', {
      query: 'tabs or spaces',
      scope: 'personal',
    });
    expect(JSON.stringify(found.ok)).toContain('Ada prefers tabs');
    await agent.close();
    const { token } = await newUserToken(h.deps.database, 'api-user@example.com');
    expect((await postMcp(token)).status).toBe(200);
  });

  it("another person's scope is forbidden to the agent", async () => {
    const bob = await signedInPerson(h.deps.database, 'bob-scope@example.com');
    const bobAgent = await connect(
      h.url,
      (await obtainTokens(h.url, bob.session)).tokens.access_token,
    );
    const { projectId } = await projectThread(bobAgent, '/home/bob/src/ledger');
    const adaAgent = await connect(
      h.url,
      (await obtainTokens(h.url, ada.session)).tokens.access_token,
    );
    const refused = await board(adaAgent, { action: 'get', scope: `project:${projectId}` });
    expect(refused.error?.code).toBe('forbidden');
    await Promise.all([bobAgent.close(), adaAgent.close()]);
  });

  it('a token with a wrong signature, a wrong audience or past its expiry is 401 unauthorized', async () => {
    const { tokens } = await obtainTokens(h.url, ada.session);
    const claims = decodeJwt(tokens.access_token);
    const keys = await h.deps.oauth.keys();
    const serverKey = await importJWK(keys.signing.keys[0] as JWK, 'ES256');
    const { privateKey: strangerKey } = await generateKeyPair('ES256');
    const now = Math.floor(Date.now() / 1000);
    const sign = (key: Parameters<SignJWT['sign']>[0], overrides: Record<string, unknown>) =>
      new SignJWT({ ...claims, ...overrides })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: keys.signing.keys[0]?.kid })
        .sign(key);
    const forged = {
      'wrong signature': await sign(strangerKey, {}),
      'wrong audience': await sign(serverKey, { aud: `${h.url}/elsewhere` }),
      expired: await sign(serverKey, { iat: now - 7200, exp: now - 3600 }),
    };
    expect((await postMcp(await sign(serverKey, {}))).status).toBe(200);
    for (const [why, token] of Object.entries(forged)) {
      const res = await postMcp(token);
      expect(res.status, why).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code, why).toBe(
        'unauthorized',
      );
      expect(res.headers.get('www-authenticate'), why).toContain('error="invalid_token"');
    }
  });

  it('a dashboard session token is not an agent credential at /mcp', async () => {
    expect((await postMcp(ada.session)).status).toBe(401);
  });

  it('revoking the agent session makes its tokens unauthorized and its refresh token useless', async () => {
    const { client, tokens } = await obtainTokens(h.url, ada.session);
    expect((await postMcp(tokens.access_token)).status).toBe(200);
    const grantId = decodeJwt(tokens.access_token).grant_id as string;
    await revokeUserSessions(h.deps.database.db, ada.userId, { kind: 'agent', grantId });
    expect((await postMcp(tokens.access_token)).status).toBe(401);
    const refresh = await tokenRequest(h.url, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      client_id: client.client_id,
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
