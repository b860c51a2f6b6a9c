import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPersonalScopeId, getUser, memories, mfaFactors } from '@svc/db';
import { api, enrolTotp, personWithPassword, signIn, totpCode } from './helpers/account-auth';
import { startHarness, type Harness } from './helpers/harness';

const PASSWORD = 'correct horse battery';
let h: Harness;
let graceId = '';
let secret = '';
let recoveryCodes: string[] = [];
beforeAll(async () => {
  h = await startHarness();
  graceId = (await personWithPassword(h.deps.database, 'grace@example.com', PASSWORD)).id;
});
afterAll(() => h.close());

const newSession = async () => (await signIn(h, 'grace@example.com', PASSWORD)).session_token;
const verify = (token: string, code: string) => api(h, 'POST', '/account/mfa/verify', { token, body: { code } });

describe('enrolling a TOTP factor', () => {
  it('refuses a wrong first code and an unknown factor', async () => {
    const token = await newSession();
    const enrol = await api<{ factor_id: string; secret: string }>(h, 'POST', '/account/mfa/enroll', { token });
    const wrong = await api(h, 'POST', '/account/mfa/enroll/confirm', {
      token,
      body: { factor_id: enrol.body.factor_id, code: (Number(await totpCode(enrol.body.secret)) + 500_000) % 1_000_000 + '' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: { code: 'validation_failed' } });
    const unknown = await api(h, 'POST', '/account/mfa/enroll/confirm', {
      token,
      body: { factor_id: '00000000-0000-4000-8000-000000000000', code: '123456' },
    });
    expect(unknown.status).toBe(404);
  });

  it('confirms with a code of the returned secret: ten recovery codes, the session at aal2, the account enrolled', async () => {
    const token = await newSession();
    const enrol = await api<{ factor_id: string; secret: string; otpauth_uri: string }>(h, 'POST', '/account/mfa/enroll', { token });
    expect(enrol.status).toBe(200);
    expect(enrol.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const confirm = await api<{ recovery_codes: string[] }>(h, 'POST', '/account/mfa/enroll/confirm', {
      token,
      body: { factor_id: enrol.body.factor_id, code: await totpCode(enrol.body.secret) },
    });
    expect(confirm.status).toBe(200);
    recoveryCodes = confirm.body.recovery_codes;
    secret = enrol.body.secret;
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const session = await api(h, 'GET', '/account/session', { token });
    expect(session.body).toMatchObject({ aal: 'aal2', amr: ['password', 'totp'], mfa_enrolled: true, mfa_required: false });
    expect((await getUser(h.deps.database.db, graceId))?.mfaEnrolledAt).toBeInstanceOf(Date);
    // Only the verified factor is left: the abandoned enrolment of the previous test is gone.
    expect(await h.deps.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, graceId))).toHaveLength(1);
  });
});

describe('signing in on an enrolled account', () => {
  it('says mfa_required, and an aal1 session is refused data routes with a flat insufficient_aal', async () => {
    const login = await signIn(h, 'grace@example.com', PASSWORD);
    expect(login).toMatchObject({ aal: 'aal1', mfa_required: true });
    const token = login.session_token;
    const session = await api(h, 'GET', '/account/session', { token });
    expect(session.body).toMatchObject({ aal: 'aal1', mfa_enrolled: true, mfa_required: true });
    for (const [method, path] of [
      ['POST', '/account/mfa/recovery-codes'],
      ['POST', '/account/mfa/enroll'],
      ['DELETE', '/account/mfa'],
    ] as const) {
      const reply = await api(h, method, path, { token });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: 'insufficient_aal', error_description: expect.any(String) as string });
      expect(reply.headers.get('www-authenticate')).toBe('Bearer error="insufficient_aal"');
    }
  });

  it('the database, asked at aal1, shows the enrolled person no row; at aal2 it does', async () => {
    const { database } = h.deps;
    const scopeId = await getPersonalScopeId(database.db, graceId);
    await database.db.insert(memories).values({ ownerId: graceId, scopeId: scopeId ?? '', content: 'grace private' });
    const count = (aal: 'aal1' | 'aal2') =>
      database.asUser({ userId: graceId, aal }, async (tx) => (await tx.select().from(memories)).length);
    expect(await count('aal1')).toBe(0);
    expect(await count('aal2')).toBe(1);
  });

  it('refuses a wrong code, accepts a TOTP code once, and refuses its replay', async () => {
    const token = await newSession();
    const valid = new Set(await Promise.all([-1, 0, 1, 2].map((s) => totpCode(secret, s))));
    let wrong = '000000';
    while (valid.has(wrong)) wrong = String(Number(wrong) + 1).padStart(6, '0');
    expect((await verify(token, wrong)).status).toBe(400);
    // The next step: the current one may be the step enrolment already spent.
    const code = await totpCode(secret, 1);
    const ok = await verify(token, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ aal: 'aal2' });
    const replay = await verify(await newSession(), code);
    expect(replay.status).toBe(400);
    // Said as what it is: the code was right but is spent, so waiting for the next one helps.
    expect(replay.body).toMatchObject({ error: { code: 'validation_failed', details: { reason: 'code_reused' } } });
    expect((replay.body as { error: { message: string } }).error.message).toMatch(/already used.*next code/);
  });

  it('accepts a recovery code once, in any letter case; new codes retire the old ones', async () => {
    const token = await newSession();
    const first = await verify(token, (recoveryCodes[0] ?? '').toUpperCase());
    expect(first.status).toBe(200);
    const session = await api(h, 'GET', '/account/session', { token });
    expect(session.body).toMatchObject({ aal: 'aal2', amr: ['password', 'recovery_code'] });
    expect((await verify(await newSession(), recoveryCodes[0] ?? '')).status).toBe(400);

    const made = await api<{ recovery_codes: string[] }>(h, 'POST', '/account/mfa/recovery-codes', { token });
    expect(made.status).toBe(200);
    expect(made.body.recovery_codes).toHaveLength(10);
    expect((await verify(await newSession(), recoveryCodes[1] ?? '')).status).toBe(400);
    recoveryCodes = made.body.recovery_codes;
  });

  it('removes the factor at aal2: sign-in no longer asks for it', async () => {
    const token = await newSession();
    expect((await verify(token, recoveryCodes[0] ?? '')).status).toBe(200);
    expect((await api(h, 'DELETE', '/account/mfa', { token })).status).toBe(204);
    expect((await getUser(h.deps.database.db, graceId))?.mfaEnrolledAt).toBeNull();
    const login = await signIn(h, 'grace@example.com', PASSWORD);
    expect(login.mfa_required).toBe(false);
    const codes = await api(h, 'POST', '/account/mfa/recovery-codes', { token: login.session_token });
    expect(codes.status).toBe(409);
    expect((await verify(login.session_token, recoveryCodes[1] ?? '')).status).toBe(409);
  });
});

describe('enrolling again', () => {
  it('replaces the factor from an aal2 session: codes of the old secret stop working', async () => {
    await personWithPassword(h.deps.database, 'hedy@example.com', PASSWORD);
    const { session_token: token } = await signIn(h, 'hedy@example.com', PASSWORD);
    const old = await enrolTotp(h, token);
    const replaced = await enrolTotp(h, token);
    expect(replaced.secret).not.toBe(old.secret);
    const next = await signIn(h, 'hedy@example.com', PASSWORD);
    expect(next.mfa_required).toBe(true);
    expect((await verify(next.session_token, await totpCode(old.secret, 1))).status).toBe(400);
    expect((await verify(next.session_token, old.recoveryCodes[0] ?? '')).status).toBe(400);
    expect((await verify(next.session_token, await totpCode(replaced.secret, 1))).status).toBe(200);
  });
});
