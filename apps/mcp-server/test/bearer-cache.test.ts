// The bearer check keeps a verified API token for a few seconds; revoking it or deleting the account
// in this process is felt on the very next call all the same.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '@svc/db';
import { api } from './helpers/account-auth';
import { dashboardToken } from './helpers/account-data';
import { startHarness, type Harness } from './helpers/harness';
import { newUserToken } from './helpers/mcp-client';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

function postMcp(token: string): Promise<Response> {
  return fetch(`${h.url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
}

async function tokenIdOf(userId: string): Promise<string> {
  const [row] = await h.deps.database.db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.userId, userId));
  return row!.id;
}

describe('the bearer cache', () => {
  it('answers a token verified moments ago without the database (a revocation written behind its back waits out the TTL)', async () => {
    const { userId, token } = await newUserToken(h.deps.database, 'cached@example.com');
    expect((await postMcp(token)).status).toBe(200);
    // Another process revoking the row: this one does not hear of it and keeps its answer for up to 10 s.
    await h.deps.database.db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.userId, userId));
    expect((await postMcp(token)).status).toBe(200);
  });

  it('refuses a token revoked on the dashboard on its very next call', async () => {
    const { userId, token } = await newUserToken(h.deps.database, 'revoked@example.com');
    const session = await dashboardToken(h.deps.database, userId);
    expect((await postMcp(token)).status).toBe(200);
    expect((await postMcp(token)).status).toBe(200);
    const id = await tokenIdOf(userId);
    expect((await api(h, 'DELETE', `/account/tokens/${id}`, { token: session })).status).toBe(204);
    expect((await postMcp(token)).status).toBe(401);
  });

  it('refuses the API token of an account deleted on the dashboard on its very next call, and no one else\'s', async () => {
    const gone = await newUserToken(h.deps.database, 'gone@example.com');
    const stays = await newUserToken(h.deps.database, 'stays@example.com');
    const session = await dashboardToken(h.deps.database, gone.userId);
    expect((await postMcp(gone.token)).status).toBe(200);
    expect((await postMcp(stays.token)).status).toBe(200);
    expect((await api(h, 'DELETE', '/account', { token: session, body: { confirm_email: 'gone@example.com' } })).status).toBe(204);
    expect((await postMcp(gone.token)).status).toBe(401);
    expect((await postMcp(stays.token)).status).toBe(200);
  });
});
