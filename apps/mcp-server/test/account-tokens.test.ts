// The dashboard's tokens and agents: CLI tokens listed, one made (shown once) and revoked; agents by
// registered name, redirect host and registration date; last use recorded at most once a minute;
// wrong second-factor codes lock the account with the real remaining time.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, authSessions, listAgentSessions } from '@svc/db';
import { ensureRequestContext } from '@svc/observability';
import { tokenCreate } from '../src/admin/token-actions';
import { api, enrolTotp, personWithPassword, signIn, totpCode } from './helpers/account-auth';
import { dashboardToken } from './helpers/account-data';
import { startHarness, type Harness } from './helpers/harness';
import { obtainTokens, registerClient } from './helpers/oauth-client';
import { LOOPBACK_REDIRECT } from './helpers/oauth-flow';

interface Token {
  id: string;
  name: string | null;
  last_used_at: string | null;
  state: string;
}
interface Agent {
  session_id: string;
  client_name: string | null;
  redirect_hosts: string[];
  registered_at: string | null;
  last_used_at: string;
}

let h: Harness;
let ada = { id: '', session: '' };
let bobSession = '';
beforeAll(async () => {
  h = await startHarness();
  const user = await personWithPassword(h.deps.database, 'ada@example.com', 'a long enough secret');
  ada = { id: user.id, session: await dashboardToken(h.deps.database, user.id) };
  const bob = await personWithPassword(h.deps.database, 'bob@example.com', 'a long enough secret');
  bobSession = await dashboardToken(h.deps.database, bob.id);
});
afterAll(() => h.close());

function postMcp(token: string): Promise<Response> {
  return fetch(`${h.url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
}
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('personal access tokens', () => {
  it('lists a token made by `svc token create`, and never its secret', async () => {
    const secret = await ensureRequestContext(() => tokenCreate(h.deps.database, { user: 'ada@example.com', name: 'laptop' }));
    const res = await api<{ tokens: Token[] }>(h, 'GET', '/account/tokens', { token: ada.session });
    expect(res.status).toBe(200);
    expect(res.body.tokens).toEqual([expect.objectContaining({ name: 'laptop', state: 'live', last_used_at: null })]);
    expect(JSON.stringify(res.body)).not.toContain(secret.slice(4));
    expect((await api<{ tokens: Token[] }>(h, 'GET', '/account/tokens', { token: bobSession })).body.tokens).toEqual([]);
  });

  it('makes a token shown once that works on /mcp, and revokes it there; another person cannot', async () => {
    expect((await api(h, 'POST', '/account/tokens', { token: ada.session, body: { name: ' ' } })).status).toBe(400);
    const made = await api<{ token: string; record: Token }>(h, 'POST', '/account/tokens', {
      token: ada.session,
      body: { name: 'ci runner', expires_in_days: 30 },
    });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^svc_/);
    expect((await postMcp(made.body.token)).status).toBe(200);
    const listed = await api<{ tokens: Token[] }>(h, 'GET', '/account/tokens', { token: ada.session });
    expect(listed.body.tokens.find((t) => t.id === made.body.record.id)?.last_used_at).not.toBeNull();

    expect((await api(h, 'DELETE', `/account/tokens/${made.body.record.id}`, { token: bobSession })).status).toBe(404);
    expect((await postMcp(made.body.token)).status).toBe(200);
    expect((await api(h, 'DELETE', `/account/tokens/${made.body.record.id}`, { token: ada.session })).status).toBe(204);
    expect((await postMcp(made.body.token)).status).toBe(401);
    const after = await api<{ tokens: Token[] }>(h, 'GET', '/account/tokens', { token: ada.session });
    expect(after.body.tokens.find((t) => t.id === made.body.record.id)?.state).toBe('revoked');
  });

  it('records a use once a minute at most', async () => {
    const made = await api<{ token: string; record: Token }>(h, 'POST', '/account/tokens', { token: ada.session, body: { name: 'throttled' } });
    const { db } = h.deps.database;
    const lastUse = async () =>
      (await db.select({ at: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.id, made.body.record.id)))[0]?.at;
    const recent = minutesAgo(0.5);
    await db.update(apiTokens).set({ lastUsedAt: recent }).where(eq(apiTokens.id, made.body.record.id));
    expect((await postMcp(made.body.token)).status).toBe(200);
    expect((await lastUse())?.getTime()).toBe(recent.getTime());
    await db.update(apiTokens).set({ lastUsedAt: minutesAgo(5) }).where(eq(apiTokens.id, made.body.record.id));
    expect((await postMcp(made.body.token)).status).toBe(200);
    expect((await lastUse())!.getTime()).toBeGreaterThan(minutesAgo(1).getTime());
  });
});

describe('connected agents', () => {
  it('shows the registered name, redirect host and registration date, and the real last use', async () => {
    const client = await registerClient(h.url, { client_name: 'MCP CLI Proxy', redirect_uris: [LOOPBACK_REDIRECT] });
    const { tokens } = await obtainTokens(h.url, ada.session, { client });
    const [session] = await listAgentSessions(h.deps.database.db, ada.id);
    const { db } = h.deps.database;
    await db.update(authSessions).set({ lastSeenAt: minutesAgo(10) }).where(eq(authSessions.id, session!.id));

    const before = await api<{ agents: Agent[] }>(h, 'GET', '/account/agents', { token: ada.session });
    expect(before.body.agents).toEqual([
      expect.objectContaining({ client_name: 'MCP CLI Proxy', redirect_hosts: [new URL(LOOPBACK_REDIRECT).host] }),
    ]);
    expect(Math.abs(Date.parse(before.body.agents[0]!.registered_at!) - Date.now())).toBeLessThan(120_000);
    const stale = Date.parse(before.body.agents[0]!.last_used_at);

    expect((await postMcp(tokens.access_token)).status).toBe(200);
    const after = await api<{ agents: Agent[] }>(h, 'GET', '/account/agents', { token: ada.session });
    const used = Date.parse(after.body.agents[0]!.last_used_at);
    expect(used).toBeGreaterThan(stale);

    // Within the minute, a second use writes nothing.
    expect((await postMcp(tokens.access_token)).status).toBe(200);
    const again = await api<{ agents: Agent[] }>(h, 'GET', '/account/agents', { token: ada.session });
    expect(Date.parse(again.body.agents[0]!.last_used_at)).toBe(used);
  });
});

describe('second-factor lockout', () => {
  it('locks after ten wrong codes for fifteen minutes, says so, and refuses even a right code meanwhile', async () => {
    await personWithPassword(h.deps.database, 'carol@example.com', 'a long enough secret');
    const first = (await signIn(h, 'carol@example.com', 'a long enough secret')).session_token;
    const { secret } = await enrolTotp(h, first);
    const token = (await signIn(h, 'carol@example.com', 'a long enough secret')).session_token;
    const valid = new Set(await Promise.all([-1, 0, 1, 2].map((s) => totpCode(secret, s))));
    let wrong = '000000';
    while (valid.has(wrong)) wrong = String(Number(wrong) + 1).padStart(6, '0');
    for (let i = 0; i < 10; i += 1) {
      const res = await api(h, 'POST', '/account/mfa/verify', { token, body: { code: wrong } });
      expect(res.status, `attempt ${i + 1}`).toBe(400);
    }
    const locked = await api<{ error: { code: string; message: string } }>(h, 'POST', '/account/mfa/verify', {
      token,
      body: { code: await totpCode(secret, 1) },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(locked.body.error.message).toMatch(/try again in 15 minutes/);
  });
});
