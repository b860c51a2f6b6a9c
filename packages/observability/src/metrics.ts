// The contract's in-process counters, each on a registry owned by one app instance.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'status'>;
  httpErrors: Counter;
  toolCalls: Counter<'tool'>;
  rulesLookupFailures: Counter;
  writeRefused: Counter<'reason'>;
  alarms: Counter<'alarm'>;
  /** Time of each stage of a search (embedding, lexical_plan, candidates, fusion, explain, results). */
  searchStageSeconds: Histogram<'stage'>;
}

export function createMetrics(options: { defaults?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaults ?? true) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests at the boundary, by status',
      labelNames: ['status'],
      registers,
    }),
    httpErrors: new Counter({
      name: 'http_errors_total',
      help: 'HTTP error responses at the boundary',
      registers,
    }),
    toolCalls: new Counter({
      name: 'mcp_tool_calls_total',
      help: 'MCP tool invocations over HTTP, by tool',
      labelNames: ['tool'],
      registers,
    }),
    rulesLookupFailures: new Counter({
      name: 'promoted_rules_lookup_failures_total',
      help: 'Standing-rule lookups that failed open at MCP initialization',
      registers,
    }),
    writeRefused: new Counter({
      name: 'mcp_write_refused_total',
      help: 'remember calls refused for a missing or unresolvable target (HTTP transport)',
      labelNames: ['reason'],
      registers,
    }),
    alarms: new Counter({
      name: 'svc_alarms_total',
      help: 'Alarms raised (failed or timed-out jobs, failed or missing backups), by alarm',
      labelNames: ['alarm'],
      registers,
    }),
    searchStageSeconds: new Histogram({
      name: 'svc_search_stage_seconds',
      help: 'Time of each stage of recall and the other searches, by stage',
      labelNames: ['stage'],
      // From a cached query vector (well under a millisecond) to a cold model load.
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
  };
}
