// The authorization-code flow with a chosen response mode and client authentication, as the advertised-metadata test drives it.
import { expect } from 'vitest';
import { authorizeUrl, pkcePair, registerClient, type RegisteredClient } from './oauth-client';
import { consentApi, CookieJar, LOOPBACK_REDIRECT, openAuthorize } from './oauth-flow';

/** The code as the browser hands it to the client: in the query, the fragment or an auto-submitted form. */
async function landCode(jar: CookieJar, redirectTo: string): Promise<string | null> {
  let next = redirectTo;
  for (let hop = 0; hop < 5; hop += 1) {
    const res = await jar.get(next);
    const location = res.headers.get('location');
    if (!location) return /name="code" value="([^"]+)"/.exec(await res.text())?.[1] ?? null;
    const url = new URL(location, next);
    if (!url.pathname.startsWith('/oauth/')) {
      return url.searchParams.get('code') ?? new URLSearchParams(url.hash.slice(1)).get('code');
    }
    next = url.href;
  }
  return null;
}

export interface FlowOptions {
  client?: RegisteredClient;
  scope?: string;
  responseMode?: string;
  auth?: Record<string, string>;
  headers?: Record<string, string>;
}

/** Authorize in the "browser", consent, and exchange the code; answers the token endpoint's reply. */
export async function codeFlow(baseUrl: string, session: string, opts: FlowOptions = {}): Promise<Response> {
  const client = opts.client ?? (await registerClient(baseUrl));
  const { verifier, challenge } = pkcePair();
  const url = authorizeUrl(baseUrl, { clientId: client.client_id, challenge, scope: opts.scope, resource: `${baseUrl}/mcp` });
  if (opts.responseMode) url.searchParams.set('response_mode', opts.responseMode);
  const jar = new CookieJar();
  const { id } = await openAuthorize(jar, url);
  const api = consentApi(baseUrl, session);
  expect((await api.read(id)).status).toBe(200);
  const { redirect_to } = (await (await api.decide(id, 'allow')).json()) as { redirect_to: string };
  const code = await landCode(jar, redirect_to);
  expect(code, `code via ${opts.responseMode ?? 'query'}`).toBeTruthy();
  return fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...opts.headers },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: code ?? '',
      code_verifier: verifier,
      redirect_uri: LOOPBACK_REDIRECT,
      resource: `${baseUrl}/mcp`,
      ...(opts.auth ?? { client_id: client.client_id }),
    }),
  });
}
