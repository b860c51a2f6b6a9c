// The latency tables, each figure beside its ratio to a baseline: the smallest store, the embedder, or the embedded database.
import { SEARCH_STAGES, type SearchStage } from '@svc/core';
import type { EmbedderThroughput } from './embedder-throughput';
import type { Timing } from './percentiles';

export interface SizeResult {
  size: number;
  fillSeconds: number;
  indexSeconds: number;
  /** The store came from the fill cache: its fill and HNSW figures are those of the run that made it. */
  cached: boolean;
  /** Start of the driver on the loaded store (`mcp`: `svc stdio` spawned until tools/list answers). */
  startSeconds: number;
  /** `mcp` on a data directory: after the start, until its after-deploy jobs (backup, upkeep) were done; no call ran meanwhile. */
  settleSeconds: number | null;
  /** The serving process after the calls (`mcp` only). */
  memory: { rssMb: number; peakMb: number } | null;
  remember: Timing;
  recall: Timing;
  /** Per search stage over the recall calls (in-process drivers only). */
  stages: ReadonlyMap<SearchStage, Timing>;
  /** `--remember-concurrency N`: remember calls N at a time, per second. */
  concurrent: { concurrency: number; perSecond: number } | null;
  /** The embedder's own speed, timed right before and after this size's remember calls (mean). */
  embedder: EmbedderThroughput;
}

const ms = (x: number) => x.toFixed(1);
const ratio = (x: number, base: number) => (base > 0 ? `${(x / base).toFixed(2)}×` : '–');

export function latencyTable(results: readonly SizeResult[]): string {
  const base = results[0];
  if (!base) return '';
  const lines = [
    '| stored memories | remember p50 ms | p95 ms | recall p50 ms | p95 ms | remember p50 vs first | recall p50 vs first | recall p95 vs first | bulk fill s | HNSW build s | start s | after-deploy jobs s | server RSS / peak MB |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const cached = r.cached ? ' (cached)' : '';
    const memory = r.memory ? `${r.memory.rssMb.toFixed(0)} / ${r.memory.peakMb.toFixed(0)}` : '–';
    lines.push(
      `| ${r.size.toLocaleString('en')} | ${ms(r.remember.p50)} | ${ms(r.remember.p95)} | ${ms(r.recall.p50)} | ${ms(r.recall.p95)} | ${ratio(r.remember.p50, base.remember.p50)} | ${ratio(r.recall.p50, base.recall.p50)} | ${ratio(r.recall.p95, base.recall.p95)} | ${r.fillSeconds.toFixed(0)}${cached} | ${r.indexSeconds.toFixed(0)}${cached} | ${r.startSeconds.toFixed(2)} | ${r.settleSeconds === null ? '–' : r.settleSeconds.toFixed(1)} | ${memory} |`,
    );
  }
  return lines.join('\n');
}

/** remember throughput beside the model's own, timed around the same calls. */
export function throughputTable(results: readonly SizeResult[]): string {
  const at = results.find((r) => r.concurrent)?.concurrent?.concurrency;
  const extra = at ? ` remember /s, ${at} at once | ${at} at once vs embedder (1 per call) |` : '';
  const lines = [
    `| stored memories | remember /s | embedder 1 text per call /s | embedder batched /s | remember vs embedder (1 per call) |${extra}`,
    `|---|---|---|---|---|${at ? '---|---|' : ''}`,
  ];
  for (const r of results) {
    const { embedder } = r;
    const perSecond = r.remember.count / (r.remember.totalMs / 1000);
    const c = r.concurrent ? ` ${r.concurrent.perSecond.toFixed(1)} | ${ratio(r.concurrent.perSecond, embedder.single)} |` : '';
    lines.push(
      `| ${r.size.toLocaleString('en')} | ${perSecond.toFixed(1)} | ${embedder.single.toFixed(1)} | ${embedder.batched.toFixed(1)} | ${ratio(perSecond, embedder.single)} |${c}`,
    );
  }
  return lines.join('\n');
}

/** recall's time by stage (p50 / p95 ms), when the tools ran in the bench's process. */
export function stagesTable(results: readonly SizeResult[]): string {
  const measured = results.filter((r) => r.stages.size > 0);
  if (measured.length === 0) return '';
  const lines = [
    `| stored memories | recall p50 / p95 ms | ${SEARCH_STAGES.map((s) => `${s} p50 / p95 ms`).join(' | ')} |`,
    `|---|---|${SEARCH_STAGES.map(() => '---').join('|')}|`,
  ];
  for (const r of measured) {
    const cells = SEARCH_STAGES.map((stage) => {
      const t = r.stages.get(stage);
      return t ? `${ms(t.p50)} / ${ms(t.p95)}` : '–';
    });
    lines.push(`| ${r.size.toLocaleString('en')} | ${ms(r.recall.p50)} / ${ms(r.recall.p95)} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

type Figure = readonly [name: string, pick: (r: SizeResult) => number, show: (x: number) => string];

/** Per figure: the baseline, the other, and the other's ratio to the baseline; one row per size and label. */
function sideBySide(
  names: { base: string; other: string },
  heads: readonly string[],
  rows: readonly { cells: readonly string[]; base: SizeResult; other: SizeResult; figures: readonly Figure[] }[],
): string {
  const figures = rows[0]?.figures.map(([name]) => name) ?? [];
  const head = [...heads, ...figures.flatMap((n) => [`${names.base} ${n}`, `${names.other} ${n}`, `${names.other} / ${names.base} ${n.split(' ')[0]}`])];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const { cells, base, other, figures } of rows) {
    const values = figures.flatMap(([, pick, show]) => [show(pick(base)), show(pick(other)), ratio(pick(other), pick(base))]);
    lines.push(`| ${[...cells, ...values].join(' | ')} |`);
  }
  return lines.join('\n');
}

/** remember and recall, then loading, as another backend beside the baseline of the same run. */
export function comparisonTables(
  names: { base: string; other: string },
  baseline: readonly SizeResult[],
  postgres: readonly SizeResult[],
): string {
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
    ['start s', (r) => r.startSeconds, (x) => x.toFixed(2)],
    ['peak RSS MB', (r) => r.memory?.peakMb ?? NaN, (x) => (Number.isNaN(x) ? '–' : x.toFixed(0))],
  ];
  const latency = sideBySide(
    names,
    ['stored memories', 'tool'],
    pairs.flatMap((p) => (['remember', 'recall'] as const).map((t) => ({ ...p, cells: [p.size, `\`${t}\``], figures: tool(t) }))),
  );
  const loading = sideBySide(names, ['stored memories'], pairs.map((p) => ({ ...p, cells: [p.size], figures: load })));
  return `${latency}\n\n${loading}`;
}
