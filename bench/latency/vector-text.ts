// `tsx latency/vector-text.ts [--dims 512] [--rounds 300]`: what a statement pays for the vector it sends,
// written as decimal numbers (as before round 15) and as hexadecimal floats (vectorText), on a fresh
// embedded database through its thread. The two forms take turns, one statement each, so a slow spell of a
// shared machine falls on both; `select 1` beside them is the hop itself.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, vectorText } from '@svc/db';
import { sql, type SQL } from 'drizzle-orm';
import { summarize } from './percentiles';
import { rng } from './synthetic';

const { values } = parseArgs({ options: { dims: { type: 'string', default: '512' }, rounds: { type: 'string', default: '300' } } });
const dims = Number(values.dims);
const rounds = Number(values.rounds);
const random = rng(11);
// Numbers of the size a unit-length embedding has (the default model's are about ±0.05).
const vectors = Array.from({ length: 16 }, () => Float32Array.from({ length: dims }, () => (random() - 0.5) / 10));
const decimal = (v: Float32Array) => `[${Array.from(v).join(',')}]`;

const dir = await mkdtemp(join(tmpdir(), 'svc-vector-text-'));
const database = await openDatabase({ dataDir: dir, migrate: true });
try {
  const forms: Record<string, (i: number) => SQL> = {
    'select 1 (the hop)': () => sql`select 1`,
    decimal: (i) => sql`select vector_dims(${decimal(vectors[i % vectors.length]!)}::vector)`,
    hexadecimal: (i) => sql`select vector_dims(${vectorText(vectors[i % vectors.length]!)}::vector)`,
  };
  const times = new Map<string, number[]>(Object.keys(forms).map((k) => [k, []]));
  for (let i = 0; i < rounds + 20; i++) {
    for (const [name, statement] of Object.entries(forms)) {
      const started = performance.now();
      await database.db.execute(statement(i));
      // The first rounds warm the thread and the catalog.
      if (i >= 20) times.get(name)!.push(performance.now() - started);
    }
  }
  console.log(`${dims} numbers, ${rounds} statements each, taking turns; ms:\n`);
  console.log('| form | p50 | p95 | mean |\n|---|---|---|---|');
  for (const [name, ms] of times) {
    const t = summarize(ms);
    console.log(`| ${name} | ${t.p50.toFixed(3)} | ${t.p95.toFixed(3)} | ${(t.totalMs / t.count).toFixed(3)} |`);
  }
} finally {
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
