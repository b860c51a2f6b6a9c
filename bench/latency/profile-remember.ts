// `tsx latency/profile-remember.ts --data-dir DIR [--calls 100]`: where a remember's time goes, on a
// copy of a loaded embedded store (such as one the fill cache keeps). Two passes over the same kind of
// texts: the core operation as the tool handlers call it (`core`), then the MCP tool in process
// (`mcp`, the usage ledger and the saved-memory check's queue included). For each: the whole call, the
// document embedding, and every request to the database thread (the hop included), grouped by its
// statement's first words; what is left is the serving thread's own work and its waits.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hybridIndexer, hybridRetriever, remember, type MemoryDeps } from '@svc/core';
import { TOOLS } from '@svc/contract';
import { openDatabase, rowsOf } from '@svc/db';
import { createEmbedder, type Embedder } from '@svc/embeddings';
import { sql } from 'drizzle-orm';
import { connectInProcess } from '../shared/in-process-svc';
import { callTool } from '../shared/svc-client';
import { quietLogger } from '../shared/quiet-logger';
import { PROJECT } from './backends';
import { percentile } from './percentiles';
import { rng, SyntheticText } from './synthetic';
import { timeThreadRequests } from './thread-requests';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    calls: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '1' },
    /** The model threads' niceness (the service's default is 10). */
    nice: { type: 'string' },
  },
});
if (!values['data-dir']) throw new Error('--data-dir: a loaded embedded store (e.g. under the fill cache: <key>/data)');
const n = Number(values.calls);
/** Remember calls in flight at once in each pass (the bench's --remember-concurrency). */
const lanes = Number(values.concurrency);
const copy = await mkdtemp(join(tmpdir(), 'svc-profile-'));
await cp(values['data-dir'], copy, { recursive: true });
const database = await openDatabase({ dataDir: copy, migrate: true });
const model = createEmbedder({
  provider: 'use',
  queryCacheSize: 0,
  ...(values.nice !== undefined && { workerNice: Number(values.nice) }),
})!;

let embedMs: number[] = [];
/** [start, end] of every model call and database request: their union is how long each was busy. */
let embedSpans: [number, number][] = [];
const requests = timeThreadRequests();
const messages = requests.byKey;
const dbSpans = requests.spans;
const embedder: Embedder = {
  model: model.model,
  dimensions: () => model.dimensions(),
  warm: () => model.warm(),
  isWarm: () => model.isWarm(),
  close: () => model.close(),
  async embed(texts, purpose) {
    const started = performance.now();
    try {
      return await model.embed(texts, purpose);
    } finally {
      embedMs.push(performance.now() - started);
      embedSpans.push([started, performance.now()]);
    }
  },
};

const fmt = (unsorted: number[]) => {
  const xs = [...unsorted].sort((a, b) => a - b);
  return `${percentile(xs, 50).toFixed(1)} / ${percentile(xs, 95).toFixed(1)} / ${xs.at(-1)!.toFixed(1)}`;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
function covered(spans: [number, number][]): number {
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

async function pass(name: string, call: (content: string) => Promise<unknown>, text: SyntheticText): Promise<void> {
  for (let i = 0; i < 10; i++) await call(text.sentence()); // warm the catalog, the buffers and the model
  embedMs = [];
  embedSpans = [];
  requests.clear();
  const total: number[] = [];
  const texts = Array.from({ length: n }, () => text.sentence());
  const started = performance.now();
  await Promise.all(Array.from({ length: lanes }, async (_, lane) => {
    for (let i = lane; i < n; i += lanes) {
      const t = performance.now();
      await call(texts[i]!);
      total.push(performance.now() - t);
    }
  }));
  const wall = performance.now() - started;
  const db = sum([...messages.values()].flat()) / n;
  const embed = sum(embedMs) / n;
  console.log(`\n## ${name}, ${lanes} at once: ${(n / (wall / 1000)).toFixed(1)} remember/s; p50 / p95 / max ${fmt(total)} ms`);
  console.log(`model busy ${((100 * covered(embedSpans)) / wall).toFixed(0)}% of the wall time (${embedMs.length} calls), `
    + `a database request in flight ${((100 * covered(dbSpans)) / wall).toFixed(0)}%`);
  console.log(`per call: whole ${(sum(total) / n).toFixed(1)} ms = embedding ${embed.toFixed(1)} (p50 ${fmt(embedMs)})`
    + ` + database requests ${db.toFixed(1)} (${(sum([...messages.values()].map((x) => x.length)) / n).toFixed(1)} of them)`
    + ` + rest ${(sum(total) / n - embed - db).toFixed(1)}\n`);
  console.log('| request to the database thread | runs | p50 / p95 / max ms | per remember ms |\n|---|---|---|---|');
  for (const [key, xs] of [...messages].sort((a, b) => sum(b[1]) - sum(a[1]))) {
    console.log(`| ${key.replace(/\|/g, '\\|')} | ${xs.length} | ${fmt(xs)} | ${(sum(xs) / n).toFixed(2)} |`);
  }
}

try {
  const [owner] = rowsOf<{ user_id: string; project_id: string }>(
    await database.db.execute(sql`select m.user_id, p.id as project_id from projects p
      join project_members m on m.project_id = p.id where p.name = ${PROJECT}`),
  );
  const logger = quietLogger();
  const scope = `project:${owner!.project_id}`;
  const actor = { userId: owner!.user_id, aal: 'aal2' as const };
  const parts = { embedder, logger };
  const deps: MemoryDeps = { database, retriever: hybridRetriever(parts), indexer: hybridIndexer(parts), logger };
  await embedder.warm();
  await pass('core', (content) => remember(deps, actor, TOOLS.remember.input.parse({ content, scope, on_duplicate: 'store_anyway' })), new SyntheticText(rng(41)));
  const svc = await connectInProcess(database, { id: owner!.user_id, email: 'bench@bench.test' }, embedder, logger);
  try {
    await pass('mcp', (content) => callTool(svc.client, 'remember', { content, scope, on_duplicate: 'store_anyway' }), new SyntheticText(rng(43)));
  } finally {
    await svc.close();
  }
} finally {
  await model.close();
  await database.close();
  await rm(copy, { recursive: true, force: true });
}
