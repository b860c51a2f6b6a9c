// The shipped Prometheus rules: well-formed, about counters the service really exports, covering every alarm.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../src';

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description: string };
}

const file = new URL('../../../docker/prometheus/alerts.yml', import.meta.url);
const rules = (
  parse(readFileSync(file, 'utf8')) as { groups: { name: string; rules: Rule[] }[] }
).groups.flatMap((g) => g.rules);
const exported = new Set(
  createMetrics({ defaults: false })
    .registry.getMetricsAsArray()
    .map((m) => m.name),
);

/** Metric names in an expression: identifiers followed by a selector or range, minus PromQL's own words. */
function metricsIn(expr: string): string[] {
  const words = new Set(['sum', 'by', 'increase', 'rate', 'without', 'on', 'ignoring']);
  return [...expr.matchAll(/([a-z_][a-z0-9_]*)\s*[{[]/g)]
    .map((m) => m[1]!)
    .filter((w) => !words.has(w));
}

describe('Prometheus alert rules', () => {
  it('are complete rules with unique names, severities and an operator-facing summary', () => {
    expect(rules.length).toBeGreaterThan(0);
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(['warning', 'critical']).toContain(rule.labels.severity);
      expect(rule.annotations.summary.length).toBeGreaterThan(10);
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
      // Counters restart with each process: only increase() or rate() reads them correctly.
      expect(rule.expr).toMatch(/\b(increase|rate)\(/);
    }
  });

  it('only name counters the service exports', () => {
    for (const rule of rules) {
      const names = metricsIn(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(exported, `${rule.alert} reads ${name}`).toContain(name);
    }
  });

  it("cover every alarm and the contract's alert advice", () => {
    const byMetric = (name: string) => rules.filter((r) => metricsIn(r.expr).includes(name));
    for (const alarm of ['job_failed', 'run_failed', 'backup_failed', 'backup_missing']) {
      expect(
        byMetric('svc_alarms_total').some(
          (r) => r.expr.includes(alarm) && !r.expr.includes(`!~"${alarm}`),
        ),
        alarm,
      ).toBe(true);
    }
    // A catch-all keeps a new alarm from being silent until it has a rule of its own.
    expect(byMetric('svc_alarms_total').some((r) => r.expr.includes('alarm!~'))).toBe(true);
    expect(byMetric('promoted_rules_lookup_failures_total')).toHaveLength(1);
    expect(byMetric('mcp_write_refused_total')).toHaveLength(1);
  });
});
