// The audit trail of sign-in, second factor, consent, agents and token issuance: one row per act, under the answer's request id.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@svc/db';
import { api, personWithPassword, signIn, totpCode, type LoginBody } from './helpers/account-auth';
import type { Harness } from './helpers/harness';
import { serverWithIdp, type ServerWithIdp } from './helpers/server-with-idp';
import {
  authorizeUrl,
  pkcePair,
  registerClient,
  tokenRequest,
  type TokenSet,
} from './helpers/oauth-client';
import {
  consentApi,
  CookieJar,
  finishInBrowser,
  openAuthorize,
  LOOPBACK_REDIRECT,
} from './helpers/oauth-flow';
import { browseToCallback } from './helpers/test-idp';

const DASHBOARD = 'http://127.0.0.1:5998';
const IDP_REDIRECT = `${DASHBOARD}/login/oidc/callback`;
const PASSWORD = 'correct horse battery';
/** Everything a row must never hold; grows as the tests hand out credentials. */
const secrets = new Set<string>([PASSWORD]);

let h: Harness;
let server: ServerWithIdp;
const ada = { id: '', email: 'ada.audit@example.com', session: '' };
beforeAll(async () => {
  server = await serverWithIdp(DASHBOARD, {
    sub: 'idp-lin',
    email: 'lin.audit@example.com',
    email_verified: true,
    name: 'Lin',
  });
  ({ h } = server);
  ada.id = (await personWithPassword(h.deps.database, ada.email, PASSWORD)).id;
  ada.session = (await signIn(h, ada.email, PASSWORD)).session_token;
  secrets.add(ada.email).add(ada.session);
});
afterAll(() => server.close());

const rowsOf = (requestId: string | null) =>
  h.deps.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, requestId ?? ''))
    .orderBy(asc(auditLog.createdAt));

describe('sign-in', () => {
  it('a password sign-in writes sign_in with the method and session id, under the answer’s request id', async () => {
    const reply = await api<LoginBody>(h, 'POST', '/account/login', {
      body: { email: ada.email, password: PASSWORD },
    });
    secrets.add(reply.body.session_token);
    const rows = await rowsOf(reply.headers.get('x-request-id'));
    expect(rows).toMatchObject([
      {
        action: 'sign_in',
        targetType: 'user',
        targetId: ada.id,
        userId: ada.id,
        details: { method: 'password' },
      },
    ]);
    expect(rows[0]?.details.session_id).toEqual(expect.any(String));
  });

  it('a wrong password, an unknown address and a locked address write sign_in_failed without the email', async () => {
    const wrong = await api(h, 'POST', '/account/login', {
      body: { email: ada.email, password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    expect(await rowsOf(wrong.headers.get('x-request-id'))).toMatchObject([
      {
        action: 'sign_in_failed',
        targetType: 'user',
        targetId: ada.id,
        userId: null,
        details: { method: 'password', reason: 'wrong_password' },
      },
    ]);
    const stranger = 'nobody.audit@example.com';
    secrets.add(stranger);
    const unknown = await api(h, 'POST', '/account/login', {
      body: { email: stranger, password: PASSWORD },
    });
    expect(unknown.status).toBe(401);
    expect(await rowsOf(unknown.headers.get('x-request-id'))).toMatchObject([
      {
        action: 'sign_in_failed',
        targetType: null,
        targetId: null,
        userId: null,
        details: { method: 'password', reason: 'unknown_account' },
      },
    ]);
    let locked = unknown;
    for (let i = 0; i < 10 && locked.status !== 429; i += 1) {
      locked = await api(h, 'POST', '/account/login', {
        body: { email: stranger, password: 'guess' },
      });
    }
    expect(locked.status).toBe(429);
    expect(await rowsOf(locked.headers.get('x-request-id'))).toMatchObject([
      { action: 'sign_in_failed', details: { reason: 'locked_out' } },
    ]);
  });

  it('an external sign-in writes sign_in with method oidc', async () => {
    const start = await api<{ authorization_url: string }>(h, 'POST', '/account/oidc/start', {
      body: { redirect_uri: IDP_REDIRECT },
    });
    const callbackUrl = await browseToCallback(start.body.authorization_url, IDP_REDIRECT);
    const reply = await api<LoginBody>(h, 'POST', '/account/oidc/callback', {
      body: { callback_url: callbackUrl },
    });
    expect(reply.status).toBe(200);
    secrets.add(reply.body.session_token).add('lin.audit@example.com');
    const rows = await rowsOf(reply.headers.get('x-request-id'));
    expect(rows.map((r) => r.action)).toEqual(['user_created', 'sign_in']);
    expect(rows[1]).toMatchObject({ targetId: reply.body.user.id, details: { method: 'oidc' } });
  });
});

describe('second factor', () => {
  it('enrolment, new recovery codes and removal each write their row', async () => {
    const { session_token: token } = await signIn(h, 'ada.audit@example.com', PASSWORD);
    secrets.add(token);
    const enrol = await api<{ factor_id: string; secret: string }>(
      h,
      'POST',
      '/account/mfa/enroll',
      { token },
    );
    secrets.add(enrol.body.secret);
    const confirm = await api<{ recovery_codes: string[] }>(
      h,
      'POST',
      '/account/mfa/enroll/confirm',
      {
        token,
        body: { factor_id: enrol.body.factor_id, code: await totpCode(enrol.body.secret) },
      },
    );
    expect(confirm.status).toBe(200);
    for (const code of confirm.body.recovery_codes) secrets.add(code);
    expect(await rowsOf(confirm.headers.get('x-request-id'))).toMatchObject([
      {
        action: 'mfa_enrolled',
        targetId: ada.id,
        userId: ada.id,
        details: { factor_id: enrol.body.factor_id, method: 'totp', replaced: false },
      },
    ]);
    const regenerated = await api<{ recovery_codes: string[] }>(
      h,
      'POST',
      '/account/mfa/recovery-codes',
      { token },
    );
    for (const code of regenerated.body.recovery_codes) secrets.add(code);
    expect(await rowsOf(regenerated.headers.get('x-request-id'))).toMatchObject([
      {
        action: 'recovery_codes_regenerated',
        targetId: ada.id,
        userId: ada.id,
        details: { count: 10 },
      },
    ]);
    const removed = await api(h, 'DELETE', '/account/mfa', { token });
    expect(removed.status).toBe(204);
    expect(await rowsOf(removed.headers.get('x-request-id'))).toMatchObject([
      { action: 'mfa_removed', targetId: ada.id, userId: ada.id },
    ]);
  });
});

describe('agents', () => {
  it('allow, the code exchange, a screenless allow, a deny and a revocation: consent, token_issued, agent_revoked', async () => {
    const client = await registerClient(h.url, { client_name: 'Audit agent' });
    const consent = consentApi(h.url, ada.session);
    const request = async () => {
      const { verifier, challenge } = pkcePair();
      const jar = new CookieJar();
      const { id } = await openAuthorize(
        jar,
        authorizeUrl(h.url, { clientId: client.client_id, challenge, resource: `${h.url}/mcp` }),
      );
      return { id, jar, verifier };
    };

    const first = await request();
    expect((await consent.read(first.id)).status).toBe(200);
    const allowed = await consent.decide(first.id, 'allow');
    const allowRows = await rowsOf(allowed.headers.get('x-request-id'));
    expect(allowRows).toMatchObject([
      {
        action: 'consent',
        targetType: 'oauth_client',
        targetId: client.client_id,
        userId: ada.id,
        details: {
          decision: 'allow',
          redirect_uri: LOOPBACK_REDIRECT,
          screenless: false,
          scope: 'memory offline_access',
        },
      },
    ]);
    const landed = await finishInBrowser(
      first.jar,
      ((await allowed.json()) as { redirect_to: string }).redirect_to,
    );
    const exchange = await tokenRequest(h.url, {
      grant_type: 'authorization_code',
      code: landed.searchParams.get('code') ?? '',
      code_verifier: first.verifier,
      redirect_uri: LOOPBACK_REDIRECT,
      client_id: client.client_id,
    });
    const tokens = (await exchange.json()) as TokenSet;
    secrets.add(tokens.access_token).add(tokens.refresh_token ?? '');
    const grantId = allowRows[0]?.details.grant_id;
    expect(grantId).toEqual(expect.any(String));
    expect(await rowsOf(exchange.headers.get('x-request-id'))).toMatchObject([
      {
        action: 'token_issued',
        targetType: 'oauth_client',
        targetId: client.client_id,
        userId: ada.id,
        details: {
          grant_type: 'authorization_code',
          grant_id: grantId,
          scope: 'memory',
          refresh_token: true,
        },
      },
    ]);
    // A refresh rotates tokens as routine: no row.
    const refresh = await tokenRequest(h.url, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      client_id: client.client_id,
    });
    expect(refresh.status).toBe(200);
    expect(await rowsOf(refresh.headers.get('x-request-id'))).toEqual([]);

    const second = await request();
    const skipped = await consent.read(second.id, true);
    expect(await skipped.json()).toMatchObject({ skip: true });
    expect(await rowsOf(skipped.headers.get('x-request-id'))).toMatchObject([
      { action: 'consent', details: { decision: 'allow', screenless: true } },
    ]);

    const third = await request();
    await consent.read(third.id);
    const denied = await consent.decide(third.id, 'deny');
    const denyRows = await rowsOf(denied.headers.get('x-request-id'));
    expect(denyRows).toMatchObject([
      {
        action: 'consent',
        targetId: client.client_id,
        details: { decision: 'deny', screenless: false },
      },
    ]);
    expect(denyRows[0]?.details).not.toHaveProperty('grant_id');

    const agents = await api<{ agents: { session_ids: string[]; client_id: string }[] }>(
      h,
      'GET',
      '/account/agents',
      { token: ada.session },
    );
    const agent = agents.body.agents.find((a) => a.client_id === client.client_id);
    const sessionId = agent?.session_ids[0];
    const revoked = await api(h, 'DELETE', `/account/agents/${sessionId ?? ''}`, {
      token: ada.session,
    });
    expect(revoked.status).toBe(204);
    expect(await rowsOf(revoked.headers.get('x-request-id'))).toMatchObject([
      {
        action: 'agent_revoked',
        targetType: 'oauth_client',
        targetId: client.client_id,
        userId: ada.id,
        details: { session_id: sessionId },
      },
    ]);
  });
});

describe('what the trail holds', () => {
  it('no row carries a password, an email, a session or OAuth token, a TOTP secret or a recovery code', async () => {
    const rows = await h.deps.database.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(10);
    const written = JSON.stringify(rows);
    for (const secret of secrets)
      if (secret) expect(written, 'a credential or an email in audit_log').not.toContain(secret);
  });
});
