// `pnpm latency [--driver mcp|mcp-inprocess|direct] [--sizes 1000,10000,100000] [--calls 100] [--database-url postgres://…]
//   [--baseline in-thread|db-in-thread] [--remember-concurrency N] [--fill-cache DIR|off] [--index-memory 64MB]
//   [--during-deploy-jobs]`
// The mcp driver waits out svc's after-deploy jobs (a backup, the upkeep) before timing; --during-deploy-jobs times
// the calls beside them instead, as a user meets the service in the first minute after an upgrade.
// With --database-url, every size runs on the embedded database (the baseline) and on PostgreSQL, their calls taking turns;
// with --baseline in-thread, on two copies of the embedded store: the model in the serving thread (baseline) and in a worker;
// with --baseline db-in-thread, PGlite in the serving thread (baseline) and in a worker thread of its own.
import { parseArgs } from 'node:util';
import { createEmbedder, createUseEmbedder } from '@svc/embeddings';
import { quietLogger } from '../shared/quiet-logger';
import { embeddedBackend, postgresBackend, type Backend } from './backends';
import { measureEmbedder } from './embedder-throughput';
import { BackendRun, measureSize, type DriverName } from './measure';
import { DEFAULT_FILL_CACHE } from './fill-cache';
import { comparisonTables, latencyTable, stagesTable, throughputTable } from './report';
import { rng, SyntheticText } from './synthetic';

const DRIVERS: readonly DriverName[] = ['mcp', 'mcp-inprocess', 'direct'];
const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'mcp' },
    sizes: { type: 'string', default: '1000,10000,100000' },
    calls: { type: 'string', default: '100' },
    'remember-concurrency': { type: 'string', default: '0' },
    'database-url': { type: 'string' },
    baseline: { type: 'string' },
    'fill-cache': { type: 'string', default: DEFAULT_FILL_CACHE },
    'index-memory': { type: 'string' },
    'during-deploy-jobs': { type: 'boolean', default: false },
  },
});
/** Two copies of each store: the baseline variant first, then the default. */
const BASELINES = {
  'in-thread': [
    { name: 'in-thread model', label: 'embedded, model in the serving thread (EMBEDDINGS_WORKER_THREADS=0)', serverEnv: { EMBEDDINGS_WORKER_THREADS: '0' } },
    { name: 'worker model', label: 'embedded, model in a worker thread (default)', serverEnv: { EMBEDDINGS_WORKER_THREADS: '1' } },
  ],
  'db-in-thread': [
    { name: 'in-thread database', label: 'embedded, PGlite in the serving thread (DATABASE_WORKER_THREAD=0)', serverEnv: { DATABASE_WORKER_THREAD: '0' } },
    { name: 'database thread', label: 'embedded, PGlite in a worker thread of its own (default)', serverEnv: { DATABASE_WORKER_THREAD: '1' } },
  ],
};
if (values.baseline !== undefined && !(values.baseline in BASELINES)) {
  throw new Error(`--baseline: expected one of ${Object.keys(BASELINES).join(', ')}`);
}
const inThreadBaseline = values.baseline === 'in-thread';
if (values.baseline && values['database-url']) throw new Error(`--baseline ${values.baseline} compares two embedded stores; leave out --database-url`);
const fillCache = values['fill-cache'] === 'off' ? null : values['fill-cache'];
const driver = values.driver as DriverName;
if (!DRIVERS.includes(driver)) throw new Error(`--driver: expected one of ${DRIVERS.join(', ')}`);
const sizes = values.sizes.split(',').map(Number);
if (sizes.some((s) => !Number.isInteger(s) || s < 1) || sizes.some((s, i) => i > 0 && s <= sizes[i - 1]!)) {
  throw new Error('--sizes: expected growing positive whole numbers, e.g. 1000,10000');
}
const calls = Number(values.calls);
const rememberConcurrency = Number(values['remember-concurrency']);
if (!Number.isInteger(rememberConcurrency) || rememberConcurrency < 0) {
  throw new Error('--remember-concurrency: expected a whole number of calls in flight (0: none)');
}
const databaseUrl = values['database-url'];
if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  throw new Error('--database-url: expected postgres://…');
}
const log = (line: string) => process.stderr.write(`${line}\n`);
const logger = quietLogger();
// No query cache: variants sharing this embedder ask the same queries in turn, and the second would
// get the first one's vector for free (the bench's queries never repeat within one store).
const embedder = createEmbedder({ provider: 'use', queryCacheSize: 0 });
if (!embedder) throw new Error('the latency run needs the default embedder');
// The in-process drivers' baseline: the same model computing in the serving (here: the bench's) thread.
const inThreadEmbedder = inThreadBaseline ? createUseEmbedder() : undefined;

const backends: Backend[] = [];
try {
  const text = new SyntheticText(rng(11));
  const throughput = await measureEmbedder(embedder, text);
  log(`embedder: ${throughput.single.toFixed(1)}/s one by one, ${throughput.batched.toFixed(1)}/s batched`);
  const pool = await embedder.embed(Array.from({ length: 128 }, () => text.sentence()), 'document');
  const ctx = {
    driver,
    calls,
    embedder,
    logger,
    pool,
    dims: await embedder.dimensions(),
    fillCache,
    indexMemory: values['index-memory'],
    serverEnv: {},
    settle: !values['during-deploy-jobs'],
    inThreadEmbedder,
    rememberConcurrency,
    embedderText: new SyntheticText(rng(13)),
  };

  const variants = values.baseline ? BASELINES[values.baseline as keyof typeof BASELINES] : [undefined];
  for (const variant of variants) backends.push(await embeddedBackend(variant));
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
    const stages = stagesTable(run.results);
    if (stages) console.log(`\n### recall by stage (${run.backend.name})\n\n${stages}`);
    console.log(`\n## remember throughput beside the embedder (${run.backend.name})\n`);
    console.log(throughputTable(run.results));
  }
  const [baseline, other] = runs;
  if (baseline && other) {
    const names = { base: baseline.backend.name, other: other.backend.name };
    console.log(`\n## ${names.other} against the ${names.base} baseline (${driver} driver, same run, same memories)\n`);
    console.log(comparisonTables(names, baseline.results, other.results));
  }
} finally {
  await embedder.close();
  await inThreadEmbedder?.close();
  for (const backend of backends) await backend.dispose();
}
