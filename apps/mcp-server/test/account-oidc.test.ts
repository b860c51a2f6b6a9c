import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalIdentities, findUserByEmail } from '@svc/db';
import { api, personWithPassword, type LoginBody } from './helpers/account-auth';
import type { Harness } from './helpers/harness';
import { serverWithIdp, type ServerWithIdp } from './helpers/server-with-idp';
import { browseToCallback, type TestIdp } from './helpers/test-idp';

// Nothing listens on the dashboard: the browser is stopped where the provider sends it back.
const DASHBOARD = 'http://127.0.0.1:5999';
const REDIRECT_URI = `${DASHBOARD}/login/oidc/callback`;

let idp: TestIdp;
let h: Harness;
let server: ServerWithIdp;
beforeAll(async () => {
  server = await serverWithIdp(DASHBOARD, { sub: 'idp-lin', email: 'lin@example.com', email_verified: true, name: 'Lin' });
  ({ h, idp } = server);
});
afterAll(() => server.close());

async function callbackFromIdp(returnTo?: string): Promise<string> {
  const start = await api<{ authorization_url: string }>(h, 'POST', '/account/oidc/start', {
    body: { redirect_uri: REDIRECT_URI, return_to: returnTo },
  });
  expect(start.status).toBe(200);
  const authorization = new URL(start.body.authorization_url);
  expect(authorization.origin).toBe(idp.issuer);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  return browseToCallback(start.body.authorization_url, REDIRECT_URI);
}

const finish = (callbackUrl: string) =>
  api<LoginBody & { return_to: string | null }>(h, 'POST', '/account/oidc/callback', { body: { callback_url: callbackUrl } });

describe('external sign-in', () => {
  let linId = '';

  it('says whether it is offered, and under which name', async () => {
    const reply = await api(h, 'GET', '/account/oidc');
    expect(reply.body).toEqual({ enabled: true, name: 'Test IdP' });
  });

  it('links the first sign-in to the account with the same verified email and opens an oidc session', async () => {
    linId = (await personWithPassword(h.deps.database, 'lin@example.com', 'correct horse battery')).id;
    const reply = await finish(await callbackFromIdp('/settings'));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ aal: 'aal1', mfa_required: false, user: { id: linId }, return_to: '/settings' });
    const session = await api(h, 'GET', '/account/session', { token: reply.body.session_token });
    expect(session.body).toMatchObject({ amr: ['oidc'], user: { id: linId } });
    const links = await h.deps.database.db.select().from(externalIdentities).where(eq(externalIdentities.userId, linId));
    expect(links).toMatchObject([{ issuer: idp.issuer, subject: 'idp-lin' }]);
  });

  it('finds the same account by subject the next time, even when the provider changed the email', async () => {
    idp.account = { ...idp.account, email: 'lin.new@example.com' };
    const reply = await finish(await callbackFromIdp());
    expect(reply.status).toBe(200);
    expect(reply.body.user.id).toBe(linId);
    expect(reply.body.return_to).toBeNull();
  });

  it('creates an account for a new person with a verified email', async () => {
    idp.account = { sub: 'idp-mae', email: 'mae@example.com', email_verified: true, name: 'Mae' };
    const reply = await finish(await callbackFromIdp());
    expect(reply.status).toBe(200);
    const created = await findUserByEmail(h.deps.database.db, 'mae@example.com');
    expect(created).toMatchObject({ id: reply.body.user.id, displayName: 'Mae' });
  });

  it('neither links nor creates an account for an email the provider has not verified', async () => {
    idp.account = { sub: 'idp-eve', email: 'lin@example.com', email_verified: false };
    const reply = await finish(await callbackFromIdp());
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('refuses a replayed or tampered state with validation_failed', async () => {
    idp.account = { sub: 'idp-lin', email: 'lin@example.com', email_verified: true };
    const callbackUrl = await callbackFromIdp();
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', 'forged-state-value');
    expect((await finish(tampered.href)).body).toMatchObject({ error: { code: 'validation_failed' } });
    expect((await finish(callbackUrl)).status).toBe(200);
    const replayed = await finish(callbackUrl);
    expect(replayed.status).toBe(400);
    expect(replayed.body).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('reports a sign-in the person refused at the provider as validation_failed', async () => {
    const start = await api<{ authorization_url: string }>(h, 'POST', '/account/oidc/start', { body: { redirect_uri: REDIRECT_URI } });
    const state = new URL(start.body.authorization_url).searchParams.get('state') ?? '';
    // As the provider answers (RFC 9207: with its issuer).
    const answer = new URLSearchParams({ error: 'access_denied', state, iss: idp.issuer });
    const reply = await finish(`${REDIRECT_URI}?${answer}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: { code: 'validation_failed', details: { reason: 'access_denied' } } });
  });

  it('refuses a return address off the dashboard and a return_to that leaves it', async () => {
    for (const body of [
      { redirect_uri: 'https://evil.example/login/oidc/callback' },
      { redirect_uri: REDIRECT_URI, return_to: '//evil.example/' },
      { redirect_uri: REDIRECT_URI, return_to: 'https://evil.example/' },
    ]) {
      const reply = await api(h, 'POST', '/account/oidc/start', { body });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error: { code: 'validation_failed' } });
    }
  });
});
