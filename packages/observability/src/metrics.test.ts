import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';

/** The names of the series a registry exposes, from its `# TYPE` lines. */
async function exposedNames(metrics: ReturnType<typeof createMetrics>): Promise<string[]> {
  const text = await metrics.registry.metrics();
  return [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
}

const CONTRACT_COUNTERS = [
  'http_errors_total counter',
  'http_requests_total counter',
  'mcp_tool_calls_total counter',
  'mcp_write_refused_total counter',
  'promoted_rules_lookup_failures_total counter',
  // Not a contract counter: the alarms of the jobs issue (failed jobs and backups), by alarm.
  'svc_alarms_total counter',
  // Not a contract counter: where searches spend their time (issue 17), by stage.
  'svc_search_stage_seconds histogram',
];

describe('metrics', () => {
  it('exposes exactly the contract counters, and beside them only process defaults', async () => {
    const names = await exposedNames(createMetrics());
    const own = names.filter((n) => !/^(process|nodejs)_/.test(n)).sort();
    expect(own).toEqual(CONTRACT_COUNTERS);
    expect(names.some((n) => n.startsWith('process_cpu_user_seconds_total'))).toBe(true);
  });

  it('can leave the process defaults out', async () => {
    expect((await exposedNames(createMetrics({ defaults: false }))).sort()).toEqual(CONTRACT_COUNTERS);
  });

  it('keeps counters per registry, so two app instances never share counts', async () => {
    const a = createMetrics({ defaults: false });
    const b = createMetrics({ defaults: false });
    a.httpErrors.inc();
    expect((await a.httpErrors.get()).values[0]?.value).toBe(1);
    expect((await b.httpErrors.get()).values[0]?.value ?? 0).toBe(0);
  });
});
