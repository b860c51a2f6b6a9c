import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintRequestId } from '@svc/contract';
import { rowsOf } from '@svc/db';
import { startHarness, type Harness } from './helpers/harness';
import { newUserToken } from './helpers/mcp-client';
import { postMcp, toolCall } from './helpers/mcp-http';
import { PAYLOAD_MARKER, TEST_TOOLS } from './helpers/test-tools';

let h: Harness;
let caller: { userId: string; token: string };
beforeAll(async () => {
  h = await startHarness({ tools: TEST_TOOLS });
  caller = await newUserToken(h.deps.database, 'obs@example.com');
});
afterAll(() => h.close());

interface UsageRow {
  user_id: string;
  tool: string;
  outcome: string;
  duration_ms: number;
  request_id: string;
}

async function usageOf(requestId: string): Promise<UsageRow[]> {
  await h.deps.usage.flush();
  return rowsOf<UsageRow>(
    await h.deps.database.db.execute(
      sql`select user_id, tool, outcome, duration_ms, request_id from usage_events where request_id = ${requestId}`,
    ),
  );
}

describe('a tool call over HTTP', () => {
  it('logs every line under the request id, with sizes and ids but never the payload', async () => {
    const id = mintRequestId();
    const from = h.logs.length;
    const { res, answer } = await postMcp(h.url, caller.token, toolCall('forget', { ids: [randomUUID()], reason: PAYLOAD_MARKER }), {
      'X-Request-Id': id,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    expect(answer?.result?.isError).toBeUndefined();
    const lines = h.logs.slice(from);
    expect(lines.map((l) => l.message)).toEqual(expect.arrayContaining(['test_forget_ran', 'tool_call', 'http_request']));
    // Every line written while serving the request carries its id, the handler's own line included.
    for (const line of lines) expect(line).toMatchObject({ requestId: id });
    expect(lines.find((l) => l.message === 'tool_call')).toMatchObject({ tool: 'forget', outcome: 'ok', userId: caller.userId });
    expect(typeof lines.find((l) => l.message === 'tool_call')?.arg_bytes).toBe('number');
    expect(JSON.stringify(lines)).not.toContain(PAYLOAD_MARKER);
  });

  it('records one usage event with caller, tool, outcome, duration and request id', async () => {
    const id = mintRequestId();
    await postMcp(h.url, caller.token, toolCall('forget', { ids: [randomUUID()] }), { 'X-Request-Id': id });
    const rows = await usageOf(id);
    expect(rows).toEqual([{ user_id: caller.userId, tool: 'forget', outcome: 'ok', duration_ms: expect.any(Number) as number, request_id: id }]);
  });

  it('records the error code as the outcome of a refused call', async () => {
    const id = mintRequestId();
    const { answer } = await postMcp(h.url, caller.token, toolCall('remember', { content: 'a fact' }), { 'X-Request-Id': id });
    expect(answer?.result?.isError).toBe(true);
    expect((await usageOf(id)).map((r) => r.outcome)).toEqual(['validation_failed']);
  });

  it('logs an unclassified failure at error level with its stack, under the request id', async () => {
    const id = mintRequestId();
    const { answer } = await postMcp(h.url, caller.token, toolCall('recall', { query: 'anything' }), { 'X-Request-Id': id });
    expect(answer?.result?.content?.[0]?.text).toContain('"code":"internal"');
    const failure = h.logs.find((l) => l.message === 'tool_failed' && l.requestId === id);
    expect(failure).toMatchObject({ level: 'error' });
    expect(String(failure?.stack)).toContain('recall exploded');
    expect((await usageOf(id)).map((r) => r.outcome)).toEqual(['internal']);
  });
});

describe('the usage ledger failing', () => {
  it('never fails the tool call: the answer stands, the failure is logged with the request ids', async () => {
    // A constraint on this throwaway database refuses ledger rows of requests whose id is marked.
    await h.deps.database.db.execute(
      sql`alter table usage_events add constraint test_refuse_marked check (request_id not like 'req_LedgerRefuses%')`,
    );
    try {
      const id = mintRequestId().replace(/^req_.{14}/, 'req_LedgerRefuses');
      const { res, answer } = await postMcp(h.url, caller.token, toolCall('forget', { ids: [randomUUID()] }), { 'X-Request-Id': id });
      expect(res.status).toBe(200);
      expect(answer?.result?.isError).toBeUndefined();
      expect(await usageOf(id)).toEqual([]);
      const failed = h.logs.find((l) => l.message === 'usage_write_failed' && (l.request_ids as string[]).includes(id));
      expect(failed).toMatchObject({ level: 'error', events: 1 });
      // The drain serves many requests, so its own line is not filed under any one of them.
      expect(failed?.requestId).toBeUndefined();
      expect(h.deps.usage.stats.failed).toBeGreaterThan(0);
    } finally {
      await h.deps.database.db.execute(sql`alter table usage_events drop constraint test_refuse_marked`);
    }
  });
});
