// GET /account/usage from the usage ledger, and the connected agents list and revocation, per person.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentSession, findAgentSessionByGrant, oauthStore } from '@svc/db';
import { person, request, type Person } from './helpers/account-data';
import { startHarness, type Harness } from './helpers/harness';
import { call } from './helpers/mcp-client';

interface Tally {
  calls: number;
  errors: number;
}
interface Usage {
  days: number;
  total: Tally;
  daily: ({ date: string } & Tally)[];
  by_tool: ({ tool: string } & Tally)[];
  daily_by_tool: { tool: string; calls: number[] }[];
}
interface Agent {
  client_id: string | null;
  client_name: string | null;
  sessions: number;
  session_ids: string[];
  first_connected_at: string;
  last_used_at: string | null;
}

let h: Harness;
let ada: Person;
let bob: Person;

beforeAll(async () => {
  h = await startHarness();
  ada = await person(h, 'ada');
  bob = await person(h, 'bob');
});
afterAll(async () => {
  await ada.client.close();
  await bob.client.close();
  await h.close();
});

describe('GET /account/usage', () => {
  it('counts the tool calls of the person by day and by tool, failures as errors', async () => {
    await call(ada.client, 'remember', { content: 'The build uses pnpm.', scope: 'personal' });
    await call(ada.client, 'remember', { content: 'The linter is ESLint 9.', scope: 'personal' });
    await call(ada.client, 'recall', { query: 'build tool' });
    const refused = await call(ada.client, 'remember', { content: 'No target for this one.' });
    expect(refused.error?.code).toBe('validation_failed');
    await call(bob.client, 'recall', { query: 'anything' });
    await h.deps.usage.flush();

    const res = await request<Usage>(h, 'GET', '/account/usage?days=7', { token: ada.session });
    expect(res.status).toBe(200);
    expect(res.body.days).toBe(7);
    expect(res.body.total).toEqual({ calls: 4, errors: 1 });
    expect(res.body.by_tool).toEqual([
      { tool: 'remember', calls: 3, errors: 1 },
      { tool: 'recall', calls: 1, errors: 0 },
    ]);
    // Seven consecutive UTC days ending today, every one listed; the calls all fall on one of them.
    expect(res.body.daily).toHaveLength(7);
    const dates = res.body.daily.map((d) => Date.parse(`${d.date}T00:00:00Z`));
    expect(dates.slice(1).every((t, i) => t - dates[i]! === 86_400_000)).toBe(true);
    expect(res.body.daily.filter((d) => d.calls > 0)).toEqual([expect.objectContaining({ calls: 4, errors: 1 })]);
    // Per tool per day, aligned with `daily`: the chart's lines.
    const today = res.body.daily.findIndex((d) => d.calls > 0);
    expect(res.body.daily_by_tool.map((t) => [t.tool, t.calls.length, t.calls[today]])).toEqual([
      ['recall', 7, 1],
      ['remember', 7, 3],
    ]);

    const theirs = await request<Usage>(h, 'GET', '/account/usage', { token: bob.session });
    expect(theirs.body).toMatchObject({ days: 30, total: { calls: 1, errors: 0 } });
    expect(theirs.body.daily).toHaveLength(30);
  });

  it('refuses days outside 1..365', async () => {
    for (const days of ['0', '366', 'week']) {
      const res = await request<{ error: { code: string } }>(h, 'GET', `/account/usage?days=${days}`, { token: ada.session });
      expect(res.status, days).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});

describe('connected agents', () => {
  const clientId = 'client-claude';
  const grantId = 'grant-ada-1';
  let sessionId = '';

  beforeAll(async () => {
    const { db } = h.deps.database;
    await db.insert(oauthStore).values([
      { model: 'Client', id: clientId, payload: { client_id: clientId, client_name: 'Claude Code' } },
      { model: 'Grant', id: grantId, payload: { accountId: ada.userId, clientId } },
      { model: 'RefreshToken', id: 'rt-1', grantId, payload: { grantId } },
    ]);
    sessionId = (await createAgentSession(db, { userId: ada.userId, clientId, grantId, ttlMs: 3_600_000 })).id;
    await createAgentSession(db, { userId: ada.userId, clientId: 'client-gone', grantId: 'grant-ada-2', ttlMs: 3_600_000 });
  });

  it("lists the person's live agent sessions by client, with the client's registered name", async () => {
    const res = await request<{ agents: Agent[] }>(h, 'GET', '/account/agents', { token: ada.session });
    expect(res.status).toBe(200);
    expect(res.body.agents).toEqual([
      expect.objectContaining({ session_ids: [sessionId], sessions: 1, client_id: clientId, client_name: 'Claude Code', last_used_at: null }),
      expect.objectContaining({ client_id: 'client-gone', client_name: null }),
    ]);
    expect(Date.parse(res.body.agents[0]!.first_connected_at)).not.toBeNaN();
    const theirs = await request<{ agents: Agent[] }>(h, 'GET', '/account/agents', { token: bob.session });
    expect(theirs.body.agents).toEqual([]);
  });

  it("answers not_found when Bob revokes Ada's agent, and leaves it live", async () => {
    const res = await request<{ error: { code: string } }>(h, 'DELETE', `/account/agents/${sessionId}`, { token: bob.session });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(await findAgentSessionByGrant(h.deps.database.db, grantId)).not.toBeNull();
    const bad = await request<{ error: { code: string } }>(h, 'DELETE', '/account/agents/nope', { token: ada.session });
    expect(bad.status).toBe(400);
  });

  it("revokes the session and removes its grant's stored tokens", async () => {
    const res = await request(h, 'DELETE', `/account/agents/${sessionId}`, { token: ada.session });
    expect(res.status).toBe(204);
    expect(await findAgentSessionByGrant(h.deps.database.db, grantId)).toBeNull();
    const left = await h.deps.database.db.select().from(oauthStore).where(eq(oauthStore.grantId, grantId));
    expect(left).toEqual([]);
    const listed = await request<{ agents: Agent[] }>(h, 'GET', '/account/agents', { token: ada.session });
    expect(listed.body.agents.flatMap((a) => a.session_ids)).not.toContain(sessionId);
    const again = await request(h, 'DELETE', `/account/agents/${sessionId}`, { token: ada.session });
    expect(again.status).toBe(404);
  });
});
