// `pnpm load [--users 10] [--sessions 5] [--seconds 60] [--rounds 4] [--memories 1000] [--single 20] [--baseline in-thread,db-in-thread] [--keep-store]`
// Many MCP sessions at once against `svc serve` on the embedded store, per tool beside one session alone.
import { cp, rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createEmbedder } from '@svc/embeddings';
import { rng, SyntheticText } from '../latency/synthetic';
import { loadTable, type VariantResult } from './report';
import { serve, type Served } from './serve';
import { waitForDeployJobs } from '../shared/after-deploy';
import { removeDataDir } from '../shared/svc-client';
import { prepareStore } from './store';
import { openSession, runLoad, runSingle, type Sample, type Session } from './workload';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10' },
    sessions: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '60' },
    memories: { type: 'string', default: '1000' },
    single: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '4' },
    baseline: { type: 'string' },
    // Leave the prepared store (before any server touched it) for explain.ts / profile-recall.ts --project load-0.
    'keep-store': { type: 'boolean', default: false },
  },
});
const num = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: expected a positive whole number`);
  return n;
};
const users = num('users');
const perUser = num('sessions');
const seconds = num('seconds');
const memoriesPerUser = num('memories');
const singleCalls = num('single');
const rounds = num('rounds');
/**
 * Baselines served beside the default, first: `in-thread` has the model and the database in the
 * serving thread (as before issue 17), `db-in-thread` only the database (DATABASE_WORKER_THREAD=0),
 * `nice-0` the default with the model threads at the process's priority (EMBEDDINGS_WORKER_NICE=0),
 * `batch-32` the default with concurrent texts merged 32 to a model call instead of 4.
 */
const BASELINES: Record<string, { name: string; env: Record<string, string> }> = {
  // The model's batch as when issue 17 was filed (32; in the serving thread it only splits a long list).
  'in-thread': { name: 'in-thread model and database', env: { EMBEDDINGS_WORKER_THREADS: '0', DATABASE_WORKER_THREAD: '0', EMBEDDINGS_BATCH_SIZE: '32' } },
  'batch-32': { name: 'worker model, batches of 32', env: { EMBEDDINGS_WORKER_THREADS: '1', DATABASE_WORKER_THREAD: '1', EMBEDDINGS_BATCH_SIZE: '32' } },
  'nice-0': { name: 'worker model at niceness 0', env: { EMBEDDINGS_WORKER_THREADS: '1', DATABASE_WORKER_THREAD: '1', EMBEDDINGS_WORKER_NICE: '0' } },
  'db-in-thread': { name: 'worker model, in-thread database', env: { EMBEDDINGS_WORKER_THREADS: '1', DATABASE_WORKER_THREAD: '0' } },
};
const baselines = (values.baseline ?? '').split(',').filter((b) => b !== '');
for (const b of baselines) {
  if (!(b in BASELINES)) throw new Error(`--baseline: expected a comma-separated list of ${Object.keys(BASELINES).join(', ')}`);
}
const log = (line: string) => process.stderr.write(`${line}\n`);

// Baselines first when asked, in the order given, then the default: model and database each in a worker thread.
const variants: { name: string; env: Record<string, string> }[] = [
  ...baselines.map((b) => BASELINES[b]!),
  { name: 'worker model and database', env: { EMBEDDINGS_WORKER_THREADS: '1', DATABASE_WORKER_THREAD: '1' } },
];

const embedder = createEmbedder({ provider: 'use' });
if (!embedder) throw new Error('the load run needs the default embedder');
const text = new SyntheticText(rng(13));
const pool = await embedder.embed(Array.from({ length: 128 }, () => text.sentence()), 'document');
await embedder.close();

log(`preparing ${users} users × ${memoriesPerUser} memories`);
const store = await prepareStore({ users, memoriesPerUser, model: embedder.model, pool });
interface Running {
  name: string;
  dataDir: string;
  served: Served;
  sessions: Session[];
  single: Sample[];
  samples: Sample[];
  wallSeconds: number;
}
const running: Running[] = [];
try {
  // Every variant serves a copy of the same store; all are up at once, and the load goes to one at
  // a time in alternating rounds, so a busy spell of the shared machine falls on each alike.
  for (const [i, variant] of variants.entries()) {
    const dataDir = `${store.dataDir}-${i}`;
    await cp(store.dataDir, dataDir, { recursive: true });
    const served = await serve(dataDir, variant.env);
    running.push({ name: variant.name, dataDir, served, sessions: [], single: [], samples: [], wallSeconds: 0 });
    log(`[${variant.name}] serving at ${served.url} (started in ${served.startSeconds.toFixed(1)} s)`);
  }
  // The first start of a build on a store runs the after-deploy jobs (a backup, the upkeep): waited
  // out, so the load meets each server as it runs between deploys.
  for (const [i, r] of running.entries()) {
    const seconds = await waitForDeployJobs(r.dataDir, variants[i]!.env);
    log(`[${r.name}] after-deploy jobs done ${seconds.toFixed(1)} s later`);
  }
  const random = rng(17);
  const words = new SyntheticText(random);
  for (const r of running) {
    const alone = await openSession(r.served.url, store.users[0]!, 'load-single');
    r.sessions.push(alone);
    // The model loads on first use; wait for it before timing anything.
    await runSingle(alone, 1, words);
    for (const user of store.users) {
      for (let s = 0; s < perUser; s++) r.sessions.push(await openSession(r.served.url, user, `load-${s}`));
    }
  }
  for (let i = 0; i < singleCalls; i++) {
    for (const r of running) r.single.push(...(await runSingle(r.sessions[0]!, 1, words)));
  }
  for (let round = 0; round < rounds; round++) {
    for (const r of running) {
      const load = await runLoad(r.sessions.slice(1), seconds / rounds, words, random);
      for (const e of load.errors) log(`[${r.name}] error: ${e}`);
      r.samples.push(...load.samples);
      r.wallSeconds += load.wallSeconds;
    }
  }
  const results: VariantResult[] = running.map((r) => ({
    name: r.name,
    single: r.single,
    load: { samples: r.samples, wallSeconds: r.wallSeconds },
    sessions: r.sessions.length - 1,
  }));
  for (const r of results) {
    log(`[${r.name}] ${r.load.samples.length} calls in ${r.load.wallSeconds.toFixed(1)} s: ${(r.load.samples.length / r.load.wallSeconds).toFixed(1)}/s`);
  }
  console.log(`\n## ${users} users × ${perUser} sessions, ${seconds} s in ${rounds} alternating rounds, ${memoriesPerUser} memories per user (embedded store)\n`);
  console.log(loadTable(results));
} finally {
  for (const r of running) {
    for (const s of r.sessions) await s.client.close().catch(() => undefined);
    await r.served.stop();
    // `svc serve` keeps its after-deploy backup beside the data directory.
    await removeDataDir(r.dataDir);
  }
  if (values['keep-store']) log(`store kept: ${store.dataDir}`);
  else await rm(store.dataDir, { recursive: true, force: true });
  await rm(`${store.dataDir}-backups`, { recursive: true, force: true });
}
