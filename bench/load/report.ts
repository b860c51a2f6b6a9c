// The load tables: per tool, one session alone beside many at once, and each variant beside the baseline.
import { percentile } from '../latency/percentiles';
import { LOAD_TOOLS, type Sample } from './workload';

export interface VariantResult {
  name: string;
  sessions: number;
  single: Sample[];
  load: { samples: Sample[]; wallSeconds: number };
}

const ms = (x: number) => (Number.isNaN(x) ? '–' : x.toFixed(0));

function stats(samples: readonly Sample[]) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { n: samples.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), failed: samples.filter((s) => !s.ok).length };
}

export function loadTable(results: readonly VariantResult[]): string {
  const base = results[0]!;
  const lines = [
    '| variant | tool | alone p50 ms | alone p95 ms | under load calls | under load p50 ms | p95 ms | failed | p95 vs first variant |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    for (const tool of LOAD_TOOLS) {
      const alone = stats(r.single.filter((s) => s.tool === tool));
      const loaded = stats(r.load.samples.filter((s) => s.tool === tool));
      const baseP95 = stats(base.load.samples.filter((s) => s.tool === tool)).p95;
      const vs = results.length > 1 && baseP95 > 0 ? `${(loaded.p95 / baseP95).toFixed(2)}×` : '–';
      lines.push(`| ${r.name} | \`${tool}\` | ${ms(alone.p50)} | ${ms(alone.p95)} | ${loaded.n} | ${ms(loaded.p50)} | ${ms(loaded.p95)} | ${loaded.failed} | ${vs} |`);
    }
  }
  lines.push('', '| variant | sessions | calls | seconds | calls / s | vs first variant |', '|---|---|---|---|---|---|');
  const baseRate = base.load.samples.length / base.load.wallSeconds;
  for (const r of results) {
    const rate = r.load.samples.length / r.load.wallSeconds;
    lines.push(`| ${r.name} | ${r.sessions} | ${r.load.samples.length} | ${r.load.wallSeconds.toFixed(1)} | ${rate.toFixed(1)} | ${(rate / baseRate).toFixed(2)}× |`);
  }
  return lines.join('\n');
}
