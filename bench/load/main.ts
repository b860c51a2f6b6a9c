// `pnpm load [--users 10] [--sessions 5] [--seconds 60] [--memories 1000] [--single 20] [--baseline in-thread]`
// Many MCP sessions at once against `svc serve` on the embedded store, per tool beside one session alone.
import { cp, rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createEmbedder } from '@svc/embeddings';
import { rng, SyntheticText } from '../latency/synthetic';
import { loadTable, type VariantResult } from './report';
import { serve } from './serve';
import { prepareStore } from './store';
import { openSession, runLoad, runSingle, type Session } from './workload';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10' },
    sessions: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '60' },
    memories: { type: 'string', default: '1000' },
    single: { type: 'string', default: '20' },
    baseline: { type: 'string' },
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
if (values.baseline !== undefined && values.baseline !== 'in-thread') throw new Error('--baseline: expected in-thread');
const log = (line: string) => process.stderr.write(`${line}\n`);

// Baseline first when asked: the model in the serving thread (EMBEDDINGS_WORKER_THREADS=0), then the default.
const variants: { name: string; env: Record<string, string> }[] = [
  ...(values.baseline ? [{ name: 'in-thread model', env: { EMBEDDINGS_WORKER_THREADS: '0' } }] : []),
  { name: 'worker model', env: { EMBEDDINGS_WORKER_THREADS: '1' } },
];

const embedder = createEmbedder({ provider: 'use' });
if (!embedder) throw new Error('the load run needs the default embedder');
const text = new SyntheticText(rng(13));
const pool = await embedder.embed(Array.from({ length: 128 }, () => text.sentence()), 'document');
await embedder.close();

log(`preparing ${users} users × ${memoriesPerUser} memories`);
const store = await prepareStore({ users, memoriesPerUser, model: embedder.model, pool });
const results: VariantResult[] = [];
try {
  for (const variant of variants) {
    // Every variant starts from the same store: a copy of the prepared directory.
    const dataDir = `${store.dataDir}-${results.length}`;
    await cp(store.dataDir, dataDir, { recursive: true });
    const served = await serve(dataDir, variant.env);
    const sessions: Session[] = [];
    try {
      log(`[${variant.name}] serving at ${served.url} (started in ${served.startSeconds.toFixed(1)} s)`);
      const alone = await openSession(served.url, store.users[0]!, 'load-single');
      sessions.push(alone);
      const random = rng(17);
      const words = new SyntheticText(random);
      // The model loads on first use; wait for it before timing anything.
      await runSingle(alone, 1, words);
      const single = await runSingle(alone, singleCalls, words);
      for (const user of store.users) {
        for (let s = 0; s < perUser; s++) sessions.push(await openSession(served.url, user, `load-${s}`));
      }
      const load = await runLoad(sessions.slice(1), seconds, words, random);
      for (const e of load.errors) log(`[${variant.name}] error: ${e}`);
      results.push({ name: variant.name, single, load, sessions: sessions.length - 1 });
      const calls = load.samples.length;
      log(`[${variant.name}] ${calls} calls in ${load.wallSeconds.toFixed(1)} s: ${(calls / load.wallSeconds).toFixed(1)}/s`);
    } finally {
      for (const s of sessions) await s.client.close().catch(() => undefined);
      await served.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`\n## ${users} users × ${perUser} sessions, ${seconds} s, ${memoriesPerUser} memories per user (embedded store)\n`);
  console.log(loadTable(results));
} finally {
  await rm(store.dataDir, { recursive: true, force: true });
}
