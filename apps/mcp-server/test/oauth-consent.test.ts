// The consent API's state machine: owner, expiry, answered, concurrent decisions, a failing agent session, standing consent.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthAuthorizations, oauthStore, users } from '@svc/db';
import { startHarness, type Harness } from './helpers/harness';
import { newUserToken } from './helpers/mcp-client';
import {
  authorizeUrl,
  obtainTokens,
  pkcePair,
  registerClient,
  type RegisteredClient,
} from './helpers/oauth-client';
import {
  consentApi,
  CookieJar,
  finishInBrowser,
  LOOPBACK_REDIRECT,
  openAuthorize,
  signedInPerson,
} from './helpers/oauth-flow';

let h: Harness;
let ada: { userId: string; session: string };
let bob: { userId: string; session: string };
let client: RegisteredClient;
const OTHER_REDIRECT = 'http://127.0.0.1:43110/other';

beforeAll(async () => {
  h = await startHarness();
  ada = await signedInPerson(h.deps.database, 'ada@example.com');
  bob = await signedInPerson(h.deps.database, 'bob@example.com');
  client = await registerClient(h.url, {
    redirect_uris: [LOOPBACK_REDIRECT, OTHER_REDIRECT],
    client_name: 'Consent agent',
  });
});
afterAll(() => h.close());

/** A fresh authorization request in a fresh browser: its consent id and the browser holding its cookies. */
async function newRequest(redirectUri = LOOPBACK_REDIRECT) {
  const jar = new CookieJar();
  const url = authorizeUrl(h.url, {
    clientId: client.client_id,
    challenge: pkcePair().challenge,
    redirectUri,
  });
  const { id } = await openAuthorize(jar, url);
  return { id, jar };
}

describe('GET /oauth/authorize', () => {
  it('always answers 302 to the dashboard consent page, even for a browser that allowed this client before', async () => {
    const first = await newRequest();
    const api = consentApi(h.url, ada.session);
    await api.read(first.id);
    const { redirect_to } = (await (await api.decide(first.id, 'allow')).json()) as {
      redirect_to: string;
    };
    expect((await finishInBrowser(first.jar, redirect_to)).searchParams.get('code')).toBeTruthy();
    // Same browser (it now holds whatever cookies the provider set), same client: the dashboard decides again.
    const url = authorizeUrl(h.url, {
      clientId: client.client_id,
      challenge: pkcePair().challenge,
    });
    const again = await first.jar.get(url);
    expect(again.status).toBe(302);
    const location = new URL(again.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(
      `${h.deps.settings.auth.dashboardUrl}/oauth/consent`,
    );
    expect(location.searchParams.get('id')).toBeTruthy();
  });
});

describe('reading a request', () => {
  it('answers the details to the first signed-in reader and 404 not_found to anyone else', async () => {
    const { id } = await newRequest();
    const res = await consentApi(h.url, ada.session).read(id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id,
      client: { client_id: client.client_id, client_name: 'Consent agent' },
      redirect_uri: LOOPBACK_REDIRECT,
      scopes: ['memory', 'offline_access'],
      resource: `${h.url}/mcp`,
    });
    const other = await consentApi(h.url, bob.session).read(id);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: 'not_found' });
    expect((await consentApi(h.url, bob.session).decide(id, 'allow')).status).toBe(404);
  });

  it('refuses without a session (401 invalid_token) and refuses agent credentials (403)', async () => {
    const { id } = await newRequest();
    const none = await fetch(`${h.url}/oauth/authorizations/${id}`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: 'invalid_token' });
    const bogus = await consentApi(h.url, `svs_${'A'.repeat(43)}`).read(id);
    expect(bogus.status).toBe(401);
    const apiToken = (await newUserToken(h.deps.database, 'api@example.com')).token;
    expect((await consentApi(h.url, apiToken).read(id)).status).toBe(403);
    const jwt = (await obtainTokens(h.url, ada.session, { client })).tokens.access_token;
    const asAgent = await consentApi(h.url, jwt).read(id);
    expect(asAgent.status).toBe(403);
    expect(await asAgent.json()).toHaveProperty('error');
  });

  it('refuses an aal1 session of an account with a second factor: 401 insufficient_aal', async () => {
    const carol = await signedInPerson(h.deps.database, 'carol@example.com');
    await h.deps.database.db
      .update(users)
      .set({ mfaEnrolledAt: new Date() })
      .where(eq(users.id, carol.userId));
    const { id } = await newRequest();
    const res = await consentApi(h.url, carol.session).read(id);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'insufficient_aal' });
  });

  it('an expired request is 404', async () => {
    const { id } = await newRequest();
    await h.deps.database.db
      .update(oauthStore)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStore.id, id));
    expect((await consentApi(h.url, ada.session).read(id)).status).toBe(404);
  });
});

describe('deciding', () => {
  it('answers {redirect_to}; after that the request is 404 to read and to decide', async () => {
    const { id, jar } = await newRequest();
    const api = consentApi(h.url, ada.session);
    await api.read(id);
    const res = await api.decide(id, 'deny');
    expect(res.status).toBe(200);
    const { redirect_to } = (await res.json()) as { redirect_to: string };
    expect(redirect_to).toBe(`${h.url}/oauth/authorize/${id}`);
    expect((await api.read(id)).status).toBe(404);
    expect((await api.decide(id, 'allow')).status).toBe(404);
    const landed = await finishInBrowser(jar, redirect_to);
    expect(`${landed.origin}${landed.pathname}`).toBe(LOOPBACK_REDIRECT);
    expect(landed.searchParams.get('error')).toBe('access_denied');
    const [row] = await h.deps.database.db
      .select()
      .from(oauthAuthorizations)
      .where(eq(oauthAuthorizations.uid, id));
    expect(row).toMatchObject({ state: 'answered', decision: 'deny', openedBy: ada.userId });
  });

  it('a body without a decision is 400 invalid_request', async () => {
    const { id } = await newRequest();
    const res = await fetch(`${h.url}/oauth/authorizations/${id}/consent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.session}`, 'content-type': 'application/json' },
      body: '{"decision":"maybe"}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('two decisions at once: exactly one 200 and one 409 invalid_request', async () => {
    const { id } = await newRequest();
    const api = consentApi(h.url, ada.session);
    await api.read(id);
    const real = h.deps.oauth.openAgentSession;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    h.deps.oauth.openAgentSession = async (input) => {
      await held;
      return real(input);
    };
    try {
      const first = api.decide(id, 'allow');
      // The first decision now holds the request (deciding) until its agent session opens.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const second = await api.decide(id, 'deny');
      release();
      const statuses = [(await first).status, second.status].sort();
      expect(statuses).toEqual([200, 409]);
      expect(await second.json()).toMatchObject({ error: 'invalid_request' });
    } finally {
      h.deps.oauth.openAgentSession = real;
    }
  });

  it('when the agent session cannot be opened: 503 server_error, and the request is pending again', async () => {
    const { id, jar } = await newRequest();
    const api = consentApi(h.url, ada.session);
    await api.read(id);
    const real = h.deps.oauth.openAgentSession;
    h.deps.oauth.openAgentSession = () => Promise.reject(new Error('database went away'));
    try {
      const failed = await api.decide(id, 'allow');
      expect(failed.status).toBe(503);
      expect(await failed.json()).toMatchObject({ error: 'server_error' });
    } finally {
      h.deps.oauth.openAgentSession = real;
    }
    const [row] = await h.deps.database.db
      .select()
      .from(oauthAuthorizations)
      .where(eq(oauthAuthorizations.uid, id));
    expect(row?.state).toBe('pending');
    const retried = await api.decide(id, 'allow');
    expect(retried.status).toBe(200);
    const { redirect_to } = (await retried.json()) as { redirect_to: string };
    expect((await finishInBrowser(jar, redirect_to)).searchParams.get('code')).toBeTruthy();
  });
});

describe('standing consent', () => {
  it('screenless=1 after an allow for the same return address: answered at once with {skip, redirect_to}', async () => {
    const dan = await signedInPerson(h.deps.database, 'dan@example.com');
    const api = consentApi(h.url, dan.session);
    const first = await newRequest();
    const shown = (await (await api.read(first.id, true)).json()) as {
      previously_allowed: boolean;
    };
    expect(shown.previously_allowed).toBe(false);
    await api.decide(first.id, 'allow');

    const repeat = await newRequest();
    const details = (await (await api.read(repeat.id)).json()) as {
      previously_allowed: boolean;
      skip?: boolean;
    };
    expect(details.skip).toBeUndefined();
    expect(details.previously_allowed).toBe(true);
    const skipped = await api.read(repeat.id, true);
    expect(skipped.status).toBe(200);
    const body = (await skipped.json()) as { skip: boolean; redirect_to: string };
    expect(body.skip).toBe(true);
    expect(
      (await finishInBrowser(repeat.jar, body.redirect_to)).searchParams.get('code'),
    ).toBeTruthy();
    expect((await api.read(repeat.id, true)).status).toBe(404);
  });

  it('another return address of the same client shows the screen again; another loopback port does not', async () => {
    const eve = await signedInPerson(h.deps.database, 'eve@example.com');
    const api = consentApi(h.url, eve.session);
    const first = await newRequest();
    await api.read(first.id);
    await api.decide(first.id, 'allow');

    const elsewhere = await newRequest(OTHER_REDIRECT);
    const details = (await (await api.read(elsewhere.id, true)).json()) as Record<string, unknown>;
    expect(details.skip).toBeUndefined();
    expect(details).toMatchObject({ redirect_uri: OTHER_REDIRECT, previously_allowed: false });

    const otherPort = await newRequest('http://127.0.0.1:50123/callback');
    const skipped = (await (await api.read(otherPort.id, true)).json()) as Record<string, unknown>;
    expect(skipped.skip).toBe(true);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and a flat body past the per-person budget (all consents come from the dashboard)', async () => {
    const limited = await startHarness({
      settings: { auth: { ...h.deps.settings.auth, dashboardPerMinute: 2 } },
    });
    try {
      const carl = await signedInPerson(limited.deps.database, 'carl@example.com');
      const api = consentApi(limited.url, carl.session);
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await api.read('nope')).status);
      expect(statuses).toEqual([404, 404, 429]);
      const res = await api.read('nope');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toMatchObject({ error: 'rate_limited' });
      const dana = await signedInPerson(limited.deps.database, 'dana@example.com');
      expect((await consentApi(limited.url, dana.session).read('nope')).status).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
