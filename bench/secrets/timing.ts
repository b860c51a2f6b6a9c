// Scan time per 10 KB: texts of the corpus packed into 10 KB chunks, each scanner timed on the same
// chunk in turn (interleaved, so both see the same machine load), median and p95 over the chunks.

const CHUNK = 10 * 1024;
const RUNS = 3;

function chunksOf(texts: readonly string[], wanted: number): string[] {
  const chunks: string[] = [];
  let current = '';
  // A stride through the corpus mixes credentials, benign texts and chat turns in each chunk.
  const stride = 7919;
  for (let i = 0; chunks.length < wanted && i < texts.length * 4; i += 1) {
    current += `${texts[(i * stride) % texts.length] ?? ''}\n\n`;
    if (current.length >= CHUNK) {
      chunks.push(current.slice(0, CHUNK));
      current = '';
    }
  }
  return chunks;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

export async function timePer10k(
  scanners: Record<string, (text: string) => Promise<unknown>>,
  texts: readonly string[],
  wanted: number,
): Promise<Record<string, { median: number; p95: number }>> {
  const chunks = chunksOf(texts, wanted);
  const times: Record<string, number[]> = {};
  for (const [name, scan] of Object.entries(scanners)) {
    times[name] = [];
    for (const chunk of chunks.slice(0, 5)) await scan(chunk); // warm up the engine and the JIT
  }
  for (const chunk of chunks) {
    for (const [name, scan] of Object.entries(scanners)) {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const start = performance.now();
        await scan(chunk);
        runs.push(performance.now() - start);
      }
      times[name]?.push(runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? Number.NaN);
    }
  }
  return Object.fromEntries(
    Object.entries(times).map(([name, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return [name, { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) }];
    }),
  );
}
