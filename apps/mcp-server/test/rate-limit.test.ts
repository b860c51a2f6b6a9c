import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRequestId } from '@svc/contract';
import { startHarness, type Harness } from './helpers/harness';
import { newUserToken } from './helpers/mcp-client';
import { postMcp, toolCall } from './helpers/mcp-http';
import { TEST_TOOLS } from './helpers/test-tools';

let h: Harness;
let ada: string;
let bob: string;
beforeAll(async () => {
  h = await startHarness({ tools: TEST_TOOLS, settings: { rateLimit: { toolCallsPerMinute: 3, burst: 1 } } });
  ada = (await newUserToken(h.deps.database, 'ada@example.com')).token;
  bob = (await newUserToken(h.deps.database, 'bob@example.com')).token;
});
afterAll(() => h.close());

const listTools = (id = 1) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: {} });

describe('rate limit per caller on POST /mcp', () => {
  it('serves the per-minute budget plus the burst, then answers 429 rate_limited with Retry-After', async () => {
    for (let i = 0; i < 4; i++) expect((await postMcp(h.url, ada, listTools(i))).res.status).toBe(200);
    const { res, text } = await postMcp(h.url, ada, toolCall('forget', { ids: [] }));
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(isRequestId(res.headers.get('x-request-id') ?? '')).toBe(true);
    expect(JSON.parse(text)).toEqual({
      error: { code: 'rate_limited', message: expect.any(String) as string, details: { retry_after_seconds: retryAfter } },
    });
  });

  it('keeps callers apart: another user is still served', async () => {
    expect((await postMcp(h.url, bob, listTools())).res.status).toBe(200);
  });

  it('charges a batch one point per message', async () => {
    const carol = (await newUserToken(h.deps.database, 'carol@example.com')).token;
    const { res } = await postMcp(h.url, carol, [listTools(1), listTools(2), listTools(3), listTools(4), listTools(5)]);
    expect(res.status).toBe(429);
  });

  it('does not apply before authentication: an unknown token is still 401', async () => {
    const { res } = await postMcp(h.url, 'svc_unknown', listTools());
    expect(res.status).toBe(401);
  });

  it('leaves the operational routes unlimited', async () => {
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
  });
});
