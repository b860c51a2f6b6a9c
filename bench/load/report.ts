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

/** How long the burst of every session's first call at a round's start is left out of the steady figures. */
const RAMP_MS = 2000;

export function loadTable(results: readonly VariantResult[]): string {
  const base = results[0]!;
  const lines = [
    '| variant | tool | alone p50 ms | alone p95 ms | under load calls | under load p50 ms | p95 ms | failed | p95 vs first variant | p95 ms after the first 2 s of a round |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    for (const tool of LOAD_TOOLS) {
      const alone = stats(r.single.filter((s) => s.tool === tool));
      const loaded = stats(r.load.samples.filter((s) => s.tool === tool));
      const baseP95 = stats(base.load.samples.filter((s) => s.tool === tool)).p95;
      const vs = results.length > 1 && baseP95 > 0 ? `${(loaded.p95 / baseP95).toFixed(2)}×` : '–';
      // Every round starts with all sessions calling at once; the calls started after that burst.
      const steady = stats(r.load.samples.filter((s) => s.tool === tool && (s.at ?? 0) >= RAMP_MS));
      lines.push(`| ${r.name} | \`${tool}\` | ${ms(alone.p50)} | ${ms(alone.p95)} | ${loaded.n} | ${ms(loaded.p50)} | ${ms(loaded.p95)} | ${loaded.failed} | ${vs} | ${ms(steady.p95)} (${steady.n}) |`);
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
