// Measures the offline default's load time and per-sentence latency: `npx tsx bench/use-latency.ts`.
import { cpus } from 'node:os';
import { createUseEmbedder } from '../src/providers/use';

const SUBJECTS = [
  'The user',
  'Our deploy script',
  'Caroline',
  'The staging database',
  'The team lead',
];
const VERBS = [
  'prefers',
  'was migrated to',
  'mentioned',
  'should always use',
  'stopped relying on',
];
const OBJECTS = [
  'tabs over spaces in every Go file',
  'PostgreSQL 16 with pgvector after the March outage',
  'a pottery class she started last weekend',
  'the blue-green rollout described in the runbook',
  'nightly backups to the offsite bucket',
];

/** Distinct, memory-like sentences (12 to 20 words), so no run benefits from a repeated input. */
function sentences(count: number, seed: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + seed * 1000;
    return `${SUBJECTS[n % 5]} ${VERBS[Math.floor(n / 5) % 5]} ${OBJECTS[Math.floor(n / 25) % 5]} (note ${n}).`;
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

const embedder = createUseEmbedder();
let started = performance.now();
await embedder.warm();
const loadMs = performance.now() - started;
started = performance.now();
await embedder.embed(['first call after load'], 'query');
const firstMs = performance.now() - started;

const single: number[] = [];
for (const text of sentences(100, 1)) {
  const t = performance.now();
  await embedder.embed([text], 'query');
  single.push(performance.now() - t);
}

const batched: Record<number, number[]> = {};
for (const size of [8, 16, 32, 64]) {
  batched[size] = [];
  for (let round = 0; round < 8; round++) {
    const texts = sentences(size, 10 + round + size);
    const t = performance.now();
    await embedder.embed(texts, 'document');
    batched[size].push((performance.now() - t) / size);
  }
}
await embedder.close();

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}`,
);
console.log(`load (read the package's graph, convert it to ONNX, start a session): ${ms(loadMs)}`);
console.log(`first embed after load: ${ms(firstMs)}`);
console.log(
  `single sentence: median ${ms(median(single))}, p95 ${ms([...single].sort((a, b) => a - b)[94] ?? NaN)}`,
);
for (const [size, perText] of Object.entries(batched)) {
  console.log(
    `batch of ${size}: median ${ms(median(perText))} a sentence (${ms(median(perText) * Number(size))} a batch)`,
  );
}
