// The latency tables, each figure beside its ratio to a baseline: the smallest store, the embedder, or the embedded database.
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
const ratio = (x: number, base: number) => (base > 0 ? `${(x / base).toFixed(2)}×` : '–');

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

/** One column pair per figure: the embedded baseline, PostgreSQL, and PostgreSQL's ratio to it. */
function sideBySide(
  heading: string,
  baseline: readonly SizeResult[],
  other: readonly SizeResult[],
  figures: readonly [string, (r: SizeResult) => number, (x: number) => string][],
): string {
  const head = figures.flatMap(([name]) => [`embedded ${name}`, `PostgreSQL ${name}`, `PostgreSQL / embedded ${name.split(' ')[0]}`]);
  const lines = [`| ${heading} | ${head.join(' | ')} |`, `|---|${head.map(() => '---').join('|')}|`];
  for (const base of baseline) {
    const r = other.find((o) => o.size === base.size);
    if (!r) continue;
    const cells = figures.flatMap(([, pick, show]) => [show(pick(base)), show(pick(r)), ratio(pick(r), pick(base))]);
    lines.push(`| ${base.size.toLocaleString('en')} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** remember, recall, and loading, each as PostgreSQL beside the embedded baseline of the same run. */
export function comparisonTables(baseline: readonly SizeResult[], postgres: readonly SizeResult[]): string {
  const seconds = (x: number) => x.toFixed(1);
  return [
    '### remember\n',
    sideBySide('stored memories', baseline, postgres, [
      ['p50 ms', (r) => r.remember.p50, ms],
      ['p95 ms', (r) => r.remember.p95, ms],
    ]),
    '\n### recall\n',
    sideBySide('stored memories', baseline, postgres, [
      ['p50 ms', (r) => r.recall.p50, ms],
      ['p95 ms', (r) => r.recall.p95, ms],
    ]),
    '\n### loading (bulk fill up to the size, then the HNSW build)\n',
    sideBySide('stored memories', baseline, postgres, [
      ['fill s', (r) => r.fillSeconds, seconds],
      ['HNSW s', (r) => r.indexSeconds, seconds],
    ]),
  ].join('\n');
}
