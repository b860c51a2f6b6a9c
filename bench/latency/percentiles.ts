// Percentiles and timing of repeated calls.

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const i = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[i] ?? NaN;
}

export interface Timing {
  p50: number;
  p95: number;
  count: number;
  totalMs: number;
}

/** Runs `fn(i)` `count` times one after another (as one agent would) and summarises the latencies. */
export async function timeCalls(
  count: number,
  fn: (i: number) => Promise<unknown>,
): Promise<Timing> {
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await fn(i);
    samples.push(performance.now() - t);
  }
  const totalMs = performance.now() - started;
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), count, totalMs };
}
