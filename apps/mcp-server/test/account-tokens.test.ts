// The dashboard's tokens and agents: CLI tokens listed, one made (shown once) and revoked; agents by
// client (registered name, redirect host, registration date, sessions), revoked per client; "last used" null
// until the first call, then recorded at most once a minute;
// wrong second-factor codes lock the account with the real remaining time.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, authSessions, listAgentSessions } from '@svc/db';
import { ensureRequestContext } from '@svc/observability';
import { tokenCreate } from '../src/admin/token-actions';
import { tokenCacheOf } from '../src/auth/token-cache';
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
  client_id: string | null;
  client_name: string | null;
  redirect_hosts: string[];
  registered_at: string | null;
  sessions: number;
  session_ids: string[];
  first_connected_at: string;
  last_used_at: string | null;
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
    // Last use is written when the database is asked, which the bearer cache spares for up to 10 s.
    tokenCacheOf(h.deps.database).forgetToken(made.body.record.id);
    expect((await postMcp(made.body.token)).status).toBe(200);
    expect((await lastUse())!.getTime()).toBeGreaterThan(minutesAgo(1).getTime());
  });
});

describe('connected agents', () => {
  it('lists one entry per client with its sessions; "last used" is null until the first call, then real, at most once a minute', async () => {
    const client = await registerClient(h.url, { client_name: 'MCP CLI Proxy', redirect_uris: [LOOPBACK_REDIRECT] });
    const { tokens } = await obtainTokens(h.url, ada.session, { client });
    const list = async () => (await api<{ agents: Agent[] }>(h, 'GET', '/account/agents', { token: ada.session })).body.agents;
    const [fresh] = await list();
    expect(fresh).toEqual(
      expect.objectContaining({
        client_id: client.client_id,
        client_name: 'MCP CLI Proxy',
        redirect_hosts: [new URL(LOOPBACK_REDIRECT).host],
        sessions: 1,
        last_used_at: null,
      }),
    );
    expect(Math.abs(Date.parse(fresh!.registered_at!) - Date.now())).toBeLessThan(120_000);

    // The first use is written at once, though the session was opened less than a minute ago.
    expect((await postMcp(tokens.access_token)).status).toBe(200);
    const used = Date.parse((await list())[0]!.last_used_at!);
    expect(used).toBeGreaterThanOrEqual(Date.parse(fresh!.first_connected_at));
    // Within the minute, a second use writes nothing; a minute later it does.
    expect((await postMcp(tokens.access_token)).status).toBe(200);
    expect(Date.parse((await list())[0]!.last_used_at!)).toBe(used);
    const [session] = await listAgentSessions(h.deps.database.db, ada.id);
    await h.deps.database.db.update(authSessions).set({ lastSeenAt: minutesAgo(10) }).where(eq(authSessions.id, session!.id));
    expect((await postMcp(tokens.access_token)).status).toBe(200);
    expect(Date.parse((await list())[0]!.last_used_at!)).toBeGreaterThan(minutesAgo(1).getTime());

    // Allowed again, the client has a second session but stays one entry; its latest use is kept.
    const again = await obtainTokens(h.url, ada.session, { client });
    const [grouped] = await list();
    expect(grouped).toMatchObject({ client_id: client.client_id, sessions: 2 });
    expect(grouped!.session_ids).toHaveLength(2);
    expect(grouped!.last_used_at).not.toBeNull();
    // Another registration under the same name is an entry of its own, told apart by its client id.
    const twin = await registerClient(h.url, { client_name: 'MCP CLI Proxy', redirect_uris: [LOOPBACK_REDIRECT] });
    const twinTokens = (await obtainTokens(h.url, ada.session, { client: twin })).tokens;
    expect((await list()).map((a) => [a.client_id, a.sessions])).toEqual([
      [client.client_id, 2],
      [twin.client_id, 1],
    ]);

    // Revoking the client ends every session of it at once; Bob cannot, and a second time is 404.
    const path = `/account/agents/clients/${encodeURIComponent(client.client_id)}`;
    expect((await api(h, 'DELETE', path, { token: bobSession })).status).toBe(404);
    expect((await postMcp(tokens.access_token)).status).toBe(200);
    expect((await api(h, 'DELETE', path, { token: ada.session })).status).toBe(204);
    for (const ended of [tokens.access_token, again.tokens.access_token]) expect((await postMcp(ended)).status).toBe(401);
    expect((await postMcp(twinTokens.access_token)).status).toBe(200);
    expect((await list()).map((a) => a.client_id)).toEqual([twin.client_id]);
    expect((await api(h, 'DELETE', path, { token: ada.session })).status).toBe(404);
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
