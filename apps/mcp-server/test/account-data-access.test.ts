// Who reaches the dashboard data routes: a complete dashboard session only, limited per person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardToken, enrollFactor, person, request, type Person } from './helpers/account-data';
import { startHarness, type Harness } from './helpers/harness';
import { call } from './helpers/mcp-client';
import { parseEnv } from '../src/env';
import { settingsFromEnv } from '../src/settings';

const ROUTES = ['/account/memories', '/account/rules', '/account/projects', '/account/usage', '/account/agents'];

let h: Harness;
let ada: Person;

beforeAll(async () => {
  h = await startHarness();
  ada = await person(h, 'ada');
  await call(ada.client, 'remember', { content: 'Ada keeps her notes in Markdown.', scope: 'personal' });
});
afterAll(async () => {
  await ada.client.close();
  await h.close();
});

type Refusal = { error: { code: string } | string };

describe('credentials', () => {
  it('answers unauthorized without a token or with an unknown session', async () => {
    for (const token of [undefined, `svs_${'A'.repeat(43)}`]) {
      for (const path of ROUTES) {
        const res = await request<Refusal>(h, 'GET', path, { token });
        expect(res.status, path).toBe(401);
        expect(res.body.error).toMatchObject({ code: 'unauthorized' });
      }
    }
  });

  it("answers forbidden to an agent's API token or access token", async () => {
    const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2ln';
    for (const token of [ada.apiToken, jwt]) {
      const res = await request<Refusal>(h, 'GET', '/account/memories', { token });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'forbidden' });
      const forget = await request<Refusal>(h, 'POST', `/account/memories/${crypto.randomUUID()}/forget`, { token });
      expect(forget.status).toBe(403);
    }
  });

  it('leaves other /account paths alone: an unknown one is not_found, not a sign-in demand', async () => {
    const res = await request<Refusal>(h, 'GET', '/account/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found' });
  });
});

describe('second factor', () => {
  let eve: Person;
  beforeAll(async () => {
    eve = await person(h, 'eve');
    await call(eve.client, 'remember', { content: 'Eve rotates keys monthly.', scope: 'personal' });
    await enrollFactor(h.deps.database, eve.userId);
  });
  afterAll(() => eve.client.close());

  it('refuses an aal1 session of an enrolled account with insufficient_aal, on every data route', async () => {
    for (const path of ROUTES) {
      const res = await request<Refusal>(h, 'GET', path, { token: eve.session });
      expect(res.status, path).toBe(401);
      expect(res.body.error).toBe('insufficient_aal');
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="insufficient_aal"');
    }
  });

  it('serves the same person once the session is aal2', async () => {
    const token = await dashboardToken(h.deps.database, eve.userId, { aal2: true });
    const res = await request<{ memories: { content: string }[] }>(h, 'GET', '/account/memories', { token });
    expect(res.status).toBe(200);
    expect(res.body.memories.map((m) => m.content)).toEqual(['Eve rotates keys monthly.']);
  });
});

describe('rate limit', () => {
  let limited: Harness;
  beforeAll(async () => {
    const defaults = settingsFromEnv(parseEnv({}));
    limited = await startHarness({ settings: { auth: { ...defaults.auth, dashboardPerMinute: 2 } } });
  });
  afterAll(() => limited.close());

  it('answers rate_limited with Retry-After past the allowance, per person', async () => {
    const first = await person(limited, 'first');
    const second = await person(limited, 'second');
    for (let i = 0; i < 2; i += 1) expect((await request(limited, 'GET', '/account/rules', { token: first.session })).status).toBe(200);
    const over = await request<Refusal>(limited, 'GET', '/account/rules', { token: first.session });
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'rate_limited' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Same address, another person: their own allowance.
    expect((await request(limited, 'GET', '/account/rules', { token: second.session })).status).toBe(200);
    await first.client.close();
    await second.client.close();
  });
});
