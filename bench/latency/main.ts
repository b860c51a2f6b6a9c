// `pnpm latency [--driver mcp|mcp-inprocess|direct] [--sizes 1000,10000,100000] [--calls 100] [--database-url postgres://…]`
// With --database-url, every size runs on the embedded database (the baseline) and on PostgreSQL, their calls taking turns.
import { parseArgs } from 'node:util';
import { createEmbedder } from '@svc/embeddings';
import { quietLogger } from '../shared/quiet-logger';
import { embeddedBackend, postgresBackend, type Backend } from './backends';
import { measureEmbedder } from './embedder-throughput';
import { BackendRun, measureSize, type DriverName } from './measure';
import { comparisonTables, latencyTable, throughputTable } from './report';
import { rng, SyntheticText } from './synthetic';

const DRIVERS: readonly DriverName[] = ['mcp', 'mcp-inprocess', 'direct'];
const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'mcp' },
    sizes: { type: 'string', default: '1000,10000,100000' },
    calls: { type: 'string', default: '100' },
    'database-url': { type: 'string' },
  },
});
const driver = values.driver as DriverName;
if (!DRIVERS.includes(driver)) throw new Error(`--driver: expected one of ${DRIVERS.join(', ')}`);
const sizes = values.sizes.split(',').map(Number);
if (sizes.some((s) => !Number.isInteger(s) || s < 1) || sizes.some((s, i) => i > 0 && s <= sizes[i - 1]!)) {
  throw new Error('--sizes: expected growing positive whole numbers, e.g. 1000,10000');
}
const calls = Number(values.calls);
const databaseUrl = values['database-url'];
if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  throw new Error('--database-url: expected postgres://…');
}
const log = (line: string) => process.stderr.write(`${line}\n`);
const logger = quietLogger();
const embedder = createEmbedder({ provider: 'use' });
if (!embedder) throw new Error('the latency run needs the default embedder');

const backends: Backend[] = [];
try {
  const text = new SyntheticText(rng(11));
  const throughput = await measureEmbedder(embedder, text);
  log(`embedder: ${throughput.single.toFixed(1)}/s one by one, ${throughput.batched.toFixed(1)}/s batched`);
  const pool = await embedder.embed(Array.from({ length: 128 }, () => text.sentence()), 'document');
  const ctx = { driver, calls, embedder, logger, pool, dims: await embedder.dimensions() };

  backends.push(await embeddedBackend());
  if (databaseUrl) backends.push(await postgresBackend(databaseUrl));
  const runs = backends.map((b) => new BackendRun(b));
  // Size by size; at each size the backends take turns call by call, so a slow spell of a shared
  // machine falls on both alike.
  for (const size of sizes) {
    const measured = await measureSize(runs, size, ctx);
    for (const [i, r] of measured.entries()) {
      runs[i]!.results.push(r);
      log(
        `[${runs[i]!.backend.name} ${size}] fill ${r.fillSeconds.toFixed(0)} s, HNSW ${r.indexSeconds.toFixed(0)} s, remember p50 ${r.remember.p50.toFixed(1)} ms, recall p50 ${r.recall.p50.toFixed(1)} ms`,
      );
    }
  }
  for (const run of runs) {
    console.log(`\n## Latency on ${run.backend.label} (${driver} driver, ${calls} sequential calls each)\n`);
    console.log(latencyTable(run.results));
    console.log(`\n## remember throughput beside the embedder (${run.backend.name})\n`);
    console.log(throughputTable(run.results, throughput));
  }
  const [baseline, postgres] = runs;
  if (baseline && postgres) {
    console.log(`\n## PostgreSQL against the embedded baseline (${driver} driver, same run, same memories)\n`);
    console.log(comparisonTables(baseline.results, postgres.results));
  }
} finally {
  await embedder.close();
  for (const backend of backends) await backend.dispose();
}
