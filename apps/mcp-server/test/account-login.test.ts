import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser, findPasswordCredentials } from '@svc/db';
import { FAILED_LOGIN_WINDOW_SECONDS, FAILED_LOGINS_ALLOWED } from '../src/account/login-attempts';
import { api, personWithPassword, signIn, type LoginBody } from './helpers/account-auth';
import { startHarness, type Harness } from './helpers/harness';

let h: Harness;
let adaId = '';
beforeAll(async () => {
  h = await startHarness();
  adaId = (await personWithPassword(h.deps.database, 'Ada@Example.com', 'correct horse battery')).id;
});
afterAll(() => h.close());

const login = (body: unknown) => api<LoginBody>(h, 'POST', '/account/login', { body });

describe('POST /account/login', () => {
  it('stores the password as argon2id', async () => {
    const found = await findPasswordCredentials(h.deps.database.db, 'ada@example.com');
    expect(found?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('opens an aal1 session for the right password, whatever the letter case of the email', async () => {
    const { status, body } = await login({ email: 'ada@example.com', password: 'correct horse battery' });
    expect(status).toBe(200);
    expect(body.session_token).toMatch(/^svs_[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      aal: 'aal1',
      mfa_required: false,
      user: { id: adaId, email: 'Ada@Example.com', display_name: null },
    });
    expect(Date.parse(body.expires_at)).toBeGreaterThan(Date.now());
  });

  it('answers a wrong password, an unknown email and an account without a password alike', async () => {
    await createUser(h.deps.database.db, 'nopass@example.com');
    const replies = await Promise.all([
      login({ email: 'ada@example.com', password: 'wrong horse battery' }),
      login({ email: 'nobody@example.com', password: 'correct horse battery' }),
      login({ email: 'nopass@example.com', password: 'correct horse battery' }),
    ]);
    for (const reply of replies) expect(reply.status).toBe(401);
    const bodies = replies.map((reply) => reply.body as unknown as { error: { code: string; message: string } });
    expect(bodies[0]?.error.code).toBe('unauthorized');
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });

  it('refuses a malformed body with validation_failed', async () => {
    for (const body of [{}, { email: 'ada@example.com' }, { email: 'ada@example.com', password: 'x'.repeat(257) }]) {
      const reply = await login(body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error: { code: 'validation_failed' } });
    }
  });
});

describe('wrong passwords for one account', () => {
  it('lock that account (not others) for a quarter of an hour after ten, right password included', async () => {
    const wide = await startHarness({ settings: { auth: { ...h.deps.settings.auth, ratePerMinute: 100 } } });
    try {
      await personWithPassword(wide.deps.database, 'max@example.com', 'correct horse battery');
      await personWithPassword(wide.deps.database, 'nia@example.com', 'correct horse battery');
      const attempt = (email: string, password: string) =>
        api(wide, 'POST', '/account/login', { body: { email, password } });
      for (let i = 0; i < FAILED_LOGINS_ALLOWED; i++) expect((await attempt('max@example.com', 'guess')).status).toBe(401);
      const locked = await attempt('MAX@example.com', 'correct horse battery');
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ error: { code: 'rate_limited' } });
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(FAILED_LOGIN_WINDOW_SECONDS - 60);
      // The real wait in words, not "a minute": the lock lasts a quarter of an hour.
      expect((locked.body as { error: { message: string } }).error.message).toMatch(/try again in 15 minutes$/);
      expect((await attempt('nia@example.com', 'correct horse battery')).status).toBe(200);
    } finally {
      await wide.close();
    }
  });
});

describe('GET /account/session and POST /account/logout', () => {
  it('describes the session, then ends it: the token is refused afterwards', async () => {
    const { session_token: token } = await signIn(h, 'ada@example.com', 'correct horse battery');
    const session = await api(h, 'GET', '/account/session', { token });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      user: { id: adaId, email: 'Ada@Example.com' },
      aal: 'aal1',
      amr: ['password'],
      mfa_enrolled: false,
      mfa_required: false,
    });
    expect((await api(h, 'POST', '/account/logout', { token })).status).toBe(204);
    const after = await api(h, 'GET', '/account/session', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('refuses an agent credential on /account/* with 403', async () => {
    const { token } = await createApiToken(h.deps.database.db, adaId);
    for (const [method, path] of [
      ['GET', '/account/session'],
      ['POST', '/account/mfa/enroll'],
      ['DELETE', '/account'],
    ] as const) {
      const reply = await api(h, method, path, { token, body: method === 'DELETE' ? { confirm_email: 'ada@example.com' } : undefined });
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ error: { code: 'forbidden' } });
    }
  });

  it('asks for a session on a route without one', async () => {
    const reply = await api(h, 'GET', '/account/session');
    expect(reply.status).toBe(401);
  });
});

describe('external sign-in when no provider is configured', () => {
  it('says it is off, and its routes are not found', async () => {
    expect((await api(h, 'GET', '/account/oidc')).body).toEqual({ enabled: false, name: null });
    const start = await api(h, 'POST', '/account/oidc/start', { body: { redirect_uri: 'http://127.0.0.1:3000/login/oidc/callback' } });
    expect(start.status).toBe(404);
  });
});

describe('rate limits', () => {
  let limited: Harness;
  beforeAll(async () => {
    limited = await startHarness({ settings: { auth: { ...h.deps.settings.auth, ratePerMinute: 3, dashboardPerMinute: 3 } } });
  });
  afterAll(() => limited.close());

  it('limits signed-in routes per person, not per address (every call comes from the dashboard)', async () => {
    await personWithPassword(limited.deps.database, 'kay@example.com', 'correct horse battery');
    await personWithPassword(limited.deps.database, 'lee@example.com', 'correct horse battery');
    const kay = (await signIn(limited, 'kay@example.com', 'correct horse battery')).session_token;
    const lee = (await signIn(limited, 'lee@example.com', 'correct horse battery')).session_token;
    for (let i = 0; i < 3; i++) expect((await api(limited, 'GET', '/account/session', { token: kay })).status).toBe(200);
    const refused = await api(limited, 'GET', '/account/session', { token: kay });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await api(limited, 'GET', '/account/session', { token: lee })).status).toBe(200);
  });

  it('limits sign-in per address: 429 rate_limited with Retry-After once the budget is spent', async () => {
    // Two of the three points went to the sign-ins above.
    const attempt = () => api(limited, 'POST', '/account/login', { body: { email: 'x@example.com', password: 'nope' } });
    expect((await attempt()).status).toBe(401);
    const reply = await attempt();
    expect(reply.status).toBe(429);
    expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(reply.body).toMatchObject({ error: { code: 'rate_limited' } });
  });
});
