// First run and later accounts over HTTP: /account/setup (race-safe), the owner's invitations, open sign-up.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, listUsers } from '@svc/db';
import { api, signIn } from './helpers/account-auth';
import { startHarness, type Harness } from './helpers/harness';

const PASSWORD = 'a long enough secret';
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

interface Session {
  session_token: string;
  user: { id: string; email: string };
}
interface Made {
  code: string;
  invitation: { id: string; email: string | null; expires_at: string; state: string };
}
const errorOf = (body: unknown) => (body as { error: { code: string; message: string } }).error;

describe('first-run setup', () => {
  it('says setup is needed, refuses a password shorter than the CLI allows, and writes nothing', async () => {
    expect((await api(h, 'GET', '/account/setup')).body).toEqual({ needed: true });
    const short = await api(h, 'POST', '/account/setup', { body: { email: 'owner@example.com', password: 'short' } });
    expect(short.status).toBe(400);
    expect(errorOf(short.body).message).toMatch(/at least 10 characters/);
    expect(await listUsers(h.deps.database.db)).toEqual([]);
  });

  it('makes exactly one owner of two setups at once, and signs that one in', async () => {
    const [a, b] = await Promise.all([
      api<Session>(h, 'POST', '/account/setup', { body: { email: 'owner@example.com', password: PASSWORD } }),
      api<Session>(h, 'POST', '/account/setup', { body: { email: 'rival@example.com', password: PASSWORD } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const won = a.status === 201 ? a : b;
    const lost = a.status === 201 ? b : a;
    expect(errorOf(lost.body).code).toBe('conflict');
    expect((await listUsers(h.deps.database.db)).map((u) => u.email)).toEqual([won.body.user.email]);
    const session = await api(h, 'GET', '/account/session', { token: won.body.session_token });
    expect(session.status).toBe(200);
    expect((await api(h, 'GET', '/account/setup')).body).toEqual({ needed: false });
    const again = await api(h, 'POST', '/account/setup', { body: { email: 'late@example.com', password: PASSWORD } });
    expect(again.status).toBe(409);
  });
});

describe('invitations and sign-up', () => {
  let owner = '';
  let ownerEmail = '';
  beforeAll(async () => {
    ownerEmail = (await listUsers(h.deps.database.db))[0]!.email;
    owner = (await signIn(h, ownerEmail, PASSWORD)).session_token;
  });

  it('refuses sign-up without an invitation while SIGNUP_OPEN is off', async () => {
    expect((await api(h, 'GET', '/account/signup')).body).toEqual({ open: false, needs_setup: false, invitation: null });
    const res = await api(h, 'POST', '/account/signup', { body: { email: 'walk-in@example.com', password: PASSWORD } });
    expect(res.status).toBe(403);
  });

  it('gives the owner a code once, keeps only its hash, and lets one person sign up with it once', async () => {
    const made = await api<Made>(h, 'POST', '/account/invitations', { token: owner, body: { expires_in_days: 3 } });
    expect(made.status).toBe(201);
    expect(made.body.code).toMatch(/^svi_/);
    const days = (Date.parse(made.body.invitation.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3);
    const [row] = await h.deps.database.db.select().from(invitations).where(eq(invitations.id, made.body.invitation.id));
    expect(JSON.stringify(row)).not.toContain(made.body.code.slice(4));

    const listed = await api<{ invitations: Record<string, unknown>[] }>(h, 'GET', '/account/invitations', { token: owner });
    expect(listed.body.invitations).toEqual([expect.objectContaining({ id: made.body.invitation.id, state: 'open' })]);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.code);

    const look = await api(h, 'GET', `/account/signup?invitation=${made.body.code}`);
    expect(look.body).toMatchObject({ invitation: { email: null, expires_at: made.body.invitation.expires_at } });

    const weak = await api(h, 'POST', '/account/signup', {
      body: { email: 'ada@example.com', password: 'tiny', invitation: made.body.code },
    });
    expect(weak.status).toBe(400);
    const [first, second] = await Promise.all(
      ['ada@example.com', 'eve@example.com'].map((email) =>
        api<Session>(h, 'POST', '/account/signup', { body: { email, password: PASSWORD, invitation: made.body.code } }),
      ),
    );
    expect([first!.status, second!.status].sort()).toEqual([201, 400]);
    const emails = (await listUsers(h.deps.database.db)).map((u) => u.email);
    expect(emails.filter((e) => e === 'ada@example.com' || e === 'eve@example.com')).toHaveLength(1);
    const after = await api<{ invitations: { state: string }[] }>(h, 'GET', '/account/invitations', { token: owner });
    expect(after.body.invitations[0]?.state).toBe('accepted');
  });

  it('binds an invitation to its address, and a withdrawn one no longer works', async () => {
    const made = await api<Made>(h, 'POST', '/account/invitations', {
      token: owner,
      body: { email: 'Grace@Example.com' },
    });
    const wrong = await api(h, 'POST', '/account/signup', {
      body: { email: 'mallory@example.com', password: PASSWORD, invitation: made.body.code },
    });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong.body).message).toContain('Grace@Example.com');
    const withdrawn = await api(h, 'DELETE', `/account/invitations/${made.body.invitation.id}`, { token: owner });
    expect(withdrawn.status).toBe(204);
    const late = await api(h, 'POST', '/account/signup', {
      body: { email: 'grace@example.com', password: PASSWORD, invitation: made.body.code },
    });
    expect(late.status).toBe(400);
    expect(errorOf(late.body).message).toMatch(/expired, was already used or was withdrawn/);
  });

  it('lets only the owner invite', async () => {
    const made = await api<Made>(h, 'POST', '/account/invitations', { token: owner, body: {} });
    const joined = await api<Session>(h, 'POST', '/account/signup', {
      body: { email: 'bob@example.com', password: PASSWORD, invitation: made.body.code },
    });
    expect(joined.status).toBe(201);
    const bob = joined.body.session_token;
    for (const [method, path] of [
      ['GET', '/account/invitations'],
      ['POST', '/account/invitations'],
      ['DELETE', `/account/invitations/${made.body.invitation.id}`],
    ] as const) {
      const res = await api(h, method, path, { token: bob, body: method === 'POST' ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('open sign-up', () => {
  let open: Harness;
  beforeAll(async () => {
    open = await startHarness({ settings: { auth: { ...h.deps.settings.auth, signupOpen: true } } });
  });
  afterAll(() => open.close());

  it('makes an account without an invitation when SIGNUP_OPEN is set, by the same password rules', async () => {
    expect((await api(open, 'GET', '/account/signup')).body).toMatchObject({ open: true });
    const weak = await api(open, 'POST', '/account/signup', { body: { email: 'x@example.com', password: 'x' } });
    expect(weak.status).toBe(400);
    const made = await api<Session>(open, 'POST', '/account/signup', { body: { email: 'x@example.com', password: PASSWORD } });
    expect(made.status).toBe(201);
    const taken = await api(open, 'POST', '/account/signup', { body: { email: 'X@example.com', password: PASSWORD } });
    expect(taken.status).toBe(409);
  });
});

describe('the sign-in budget', () => {
  let tight: Harness;
  beforeAll(async () => {
    tight = await startHarness({ settings: { auth: { ...h.deps.settings.auth, ratePerMinute: 2 } } });
  });
  afterAll(() => tight.close());

  it('is not spent by the reads the sign-in page makes on every load', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await api(tight, 'GET', '/account/setup')).status).toBe(200);
      expect((await api(tight, 'GET', '/account/signup')).status).toBe(200);
    }
    const login = await api(tight, 'POST', '/account/login', { body: { email: 'nobody@example.com', password: 'x' } });
    expect(login.status).toBe(401);
  });
});
