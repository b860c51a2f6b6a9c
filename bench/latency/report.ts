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

type Figure = readonly [name: string, pick: (r: SizeResult) => number, show: (x: number) => string];

/** Per figure: the embedded baseline, PostgreSQL, and PostgreSQL's ratio to it; one row per size and label. */
function sideBySide(
  heads: readonly string[],
  rows: readonly { cells: readonly string[]; base: SizeResult; other: SizeResult; figures: readonly Figure[] }[],
): string {
  const names = rows[0]?.figures.map(([name]) => name) ?? [];
  const head = [...heads, ...names.flatMap((n) => [`embedded ${n}`, `PostgreSQL ${n}`, `PostgreSQL / embedded ${n.split(' ')[0]}`])];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const { cells, base, other, figures } of rows) {
    const values = figures.flatMap(([, pick, show]) => [show(pick(base)), show(pick(other)), ratio(pick(other), pick(base))]);
    lines.push(`| ${[...cells, ...values].join(' | ')} |`);
  }
  return lines.join('\n');
}

/** remember and recall, then loading, as PostgreSQL beside the embedded baseline of the same run. */
export function comparisonTables(baseline: readonly SizeResult[], postgres: readonly SizeResult[]): string {
  const pairs = baseline.flatMap((base) => {
    const other = postgres.find((o) => o.size === base.size);
    return other ? [{ base, other, size: base.size.toLocaleString('en') }] : [];
  });
  const tool = (name: 'remember' | 'recall'): Figure[] => [
    ['p50 ms', (r) => r[name].p50, ms],
    ['p95 ms', (r) => r[name].p95, ms],
  ];
  const seconds = (x: number) => x.toFixed(1);
  const load: Figure[] = [
    ['fill s', (r) => r.fillSeconds, seconds],
    ['HNSW s', (r) => r.indexSeconds, seconds],
  ];
  const latency = sideBySide(
    ['stored memories', 'tool'],
    pairs.flatMap((p) => (['remember', 'recall'] as const).map((t) => ({ ...p, cells: [p.size, `\`${t}\``], figures: tool(t) }))),
  );
  const loading = sideBySide(['stored memories'], pairs.map((p) => ({ ...p, cells: [p.size], figures: load })));
  return `${latency}\n\n${loading}`;
}
