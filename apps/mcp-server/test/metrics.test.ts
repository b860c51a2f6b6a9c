import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';
import { connect, newUserToken } from './helpers/mcp-client';
import { postMcp, toolCall } from './helpers/mcp-http';
import { sample, scrape } from './helpers/metrics';
import { TEST_TOOLS } from './helpers/test-tools';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness({ tools: TEST_TOOLS, metricsDefaults: true });
  token = (await newUserToken(h.deps.database, 'metrics@example.com')).token;
});
afterAll(() => h.close());

describe('GET /metrics', () => {
  it('is text/plain in the exposition format, with exactly the contract counters, our own svc_* series and the process defaults', async () => {
    const res = await fetch(`${h.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const types = [...(await res.text()).matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(types.filter((t) => !/^(process|nodejs)_/.test(t)).sort()).toEqual([
      'http_errors_total counter',
      'http_requests_total counter',
      'mcp_tool_calls_total counter',
      'mcp_write_refused_total counter',
      'promoted_rules_lookup_failures_total counter',
      'svc_alarms_total counter',
      'svc_search_stage_seconds histogram',
    ]);
    expect(types).toContain('process_cpu_user_seconds_total counter');
  });

  it('counts every request by status, and errors apart', async () => {
    const before = await scrape(h.url);
    await fetch(`${h.url}/healthz`);
    await fetch(`${h.url}/nowhere`);
    await fetch(`${h.url}/mcp`, { method: 'POST' });
    const after = await scrape(h.url);
    // The first scrape is itself a 200 counted once it has been answered.
    expect(sample(after, 'http_requests_total{status="200"}') - sample(before, 'http_requests_total{status="200"}')).toBe(2);
    expect(sample(after, 'http_requests_total{status="404"}') - sample(before, 'http_requests_total{status="404"}')).toBe(1);
    expect(sample(after, 'http_requests_total{status="401"}') - sample(before, 'http_requests_total{status="401"}')).toBe(1);
    expect(sample(after, 'http_errors_total') - sample(before, 'http_errors_total')).toBe(2);
  });

  it('counts each tool invocation over HTTP by tool name, whatever its outcome', async () => {
    const before = await scrape(h.url);
    await postMcp(h.url, token, toolCall('forget', { ids: [randomUUID()] }));
    await postMcp(h.url, token, toolCall('forget', { ids: ['not-a-uuid'] }));
    await postMcp(h.url, token, toolCall('recall', { query: 'x' }));
    const after = await scrape(h.url);
    expect(sample(after, 'mcp_tool_calls_total{tool="forget"}') - sample(before, 'mcp_tool_calls_total{tool="forget"}')).toBe(2);
    expect(sample(after, 'mcp_tool_calls_total{tool="recall"}') - sample(before, 'mcp_tool_calls_total{tool="recall"}')).toBe(1);
    // A tool failure is a tool result inside a 200, not an HTTP error.
    expect(sample(after, 'http_errors_total')).toBe(sample(before, 'http_errors_total'));
  });

  it('counts a remember refused for a missing target under its reason', async () => {
    const series = 'mcp_write_refused_total{reason="scope_target_required"}';
    const before = sample(await scrape(h.url), series);
    await postMcp(h.url, token, toolCall('remember', { content: 'a fact' }));
    expect(sample(await scrape(h.url), series) - before).toBe(1);
  });

  it('counts a standing-rules lookup that fails open at initialize, and still serves the session', async () => {
    const series = 'promoted_rules_lookup_failures_total';
    const before = sample(await scrape(h.url), series);
    // Taking the signed-in role's read grant away on this throwaway database makes the lookup fail.
    await h.deps.database.db.execute(sql`revoke select on promoted_rules from svc_authenticated`);
    try {
      const client = await connect(h.url, token);
      expect(client.getServerCapabilities()).toBeDefined();
      await client.close();
    } finally {
      await h.deps.database.db.execute(sql`grant select on promoted_rules to svc_authenticated`);
    }
    expect(sample(await scrape(h.url), series) - before).toBe(1);
  });
});

describe('METRICS_ENABLED=false (shipped production edges)', () => {
  it('leaves /metrics out: it answers 404 not_found like any unknown route', async () => {
    const off = await startHarness({ settings: { metricsEnabled: false } });
    try {
      const res = await fetch(`${off.url}/metrics`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    } finally {
      await off.close();
    }
  });
});
