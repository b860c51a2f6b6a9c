// A restart on the same data directory keeps registrations, access tokens and refresh tokens working (keys in service_keys).
import { afterAll, describe, expect, it } from 'vitest';
import { restartableServer } from './helpers/restartable';
import {
  authorizeUrl,
  obtainTokens,
  pkcePair,
  tokenRequest,
  type TokenSet,
} from './helpers/oauth-client';
import { CookieJar, openAuthorize, signedInPerson } from './helpers/oauth-flow';

const server = restartableServer('svc-oauth-restart-');
const { start, stop } = server;

afterAll(() => server.dispose());

function listTools(url: string, token: string): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
}

describe('restart on the same data directory', () => {
  it('keeps the client, the access token, the refresh token and the signing key', async () => {
    const first = await start();
    const port = Number(new URL(first.url).port);
    const ada = await signedInPerson(first.deps.database, 'ada@example.com');
    const { client, tokens } = await obtainTokens(first.url, ada.session);
    const jwksBefore = await (await fetch(`${first.url}/oauth/jwks`)).json();
    expect((await listTools(first.url, tokens.access_token)).status).toBe(200);
    await stop();

    const second = await start(port);
    expect(second.url).toBe(first.url);
    expect(await (await fetch(`${second.url}/oauth/jwks`)).json()).toEqual(jwksBefore);
    expect((await listTools(second.url, tokens.access_token)).status).toBe(200);

    const refreshed = await tokenRequest(second.url, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      client_id: client.client_id,
    });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as TokenSet;
    expect((await listTools(second.url, next.access_token)).status).toBe(200);

    // The registration is still known: a new authorization request goes to the dashboard.
    const url = authorizeUrl(second.url, {
      clientId: client.client_id,
      challenge: pkcePair().challenge,
    });
    expect((await openAuthorize(new CookieJar(), url)).id).toBeTruthy();
  });
});
