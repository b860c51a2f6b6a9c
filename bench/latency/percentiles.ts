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

export function summarize(samples: number[], totalMs = samples.reduce((a, b) => a + b, 0)): Timing {
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), count: samples.length, totalMs };
}

/**
 * Call i of every `fns[j]` in turn, one call at a time, so a slow spell of a shared machine falls
 * on all of them alike; each one's total is the sum of its own calls.
 */
export async function timeInTurn(
  count: number,
  fns: readonly ((i: number) => Promise<unknown>)[],
): Promise<Timing[]> {
  const samples = fns.map(() => [] as number[]);
  for (let i = 0; i < count; i++) {
    for (const [j, fn] of fns.entries()) {
      const t = performance.now();
      await fn(i);
      samples[j]!.push(performance.now() - t);
    }
  }
  return samples.map((s) => summarize(s, s.reduce((a, b) => a + b, 0)));
}
