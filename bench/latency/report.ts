// The latency tables, each figure beside its ratio to the baseline (the smallest store, the embedder).
import type { EmbedderThroughput } from './embedder-throughput';
import type { Timing } from './percentiles';

export interface SizeResult {
  size: number;
  fillSeconds: number;
  indexSeconds: number;
  remember: Timing;
  recall: Timing;
}

const ms = (x: number) => x.toFixed(1);
const ratio = (x: number, base: number) => `${(x / base).toFixed(2)}×`;

export function latencyTable(results: readonly SizeResult[]): string {
  const base = results[0];
  if (!base) return '';
  const lines = [
    '| stored memories | remember p50 ms | p95 ms | recall p50 ms | p95 ms | remember p50 vs first | recall p50 vs first | bulk fill s | HNSW build s |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.size.toLocaleString('en')} | ${ms(r.remember.p50)} | ${ms(r.remember.p95)} | ${ms(r.recall.p50)} | ${ms(r.recall.p95)} | ${ratio(r.remember.p50, base.remember.p50)} | ${ratio(r.recall.p50, base.recall.p50)} | ${r.fillSeconds.toFixed(0)} | ${r.indexSeconds.toFixed(0)} |`,
    );
  }
  return lines.join('\n');
}

/** remember throughput (sequential calls) beside the model's own, from the same run. */
export function throughputTable(
  results: readonly SizeResult[],
  embedder: EmbedderThroughput,
): string {
  const lines = [
    '| stored memories | remember /s | embedder 1 text per call /s | embedder batched /s | remember vs embedder (1 per call) |',
    '|---|---|---|---|---|',
  ];
  for (const r of results) {
    const perSecond = r.remember.count / (r.remember.totalMs / 1000);
    lines.push(
      `| ${r.size.toLocaleString('en')} | ${perSecond.toFixed(1)} | ${embedder.single.toFixed(1)} | ${embedder.batched.toFixed(1)} | ${ratio(perSecond, embedder.single)} |`,
    );
  }
  return lines.join('\n');
}
