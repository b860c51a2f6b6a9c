// `pnpm --filter @svc/bench latency [--driver mcp|mcp-inprocess|direct] [--sizes 1000,10000,100000] [--calls 100]`
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { clearStatsCache } from '@svc/core';
import {
  ensureEmbeddingIndex,
  embeddingIndexName,
  openDatabase,
  rowsOf,
  type Database,
} from '@svc/db';
import { createEmbedder } from '@svc/embeddings';
import { sql } from 'drizzle-orm';
import { prepareDataDir } from '../shared/svc-client';
import { quietLogger } from '../shared/quiet-logger';
import { directDriver, mcpDriver, mcpInProcessDriver, type LatencyDriver } from './drivers';
import { measureEmbedder } from './embedder-throughput';
import { fill } from './fill';
import { timeCalls } from './percentiles';
import { latencyTable, throughputTable, type SizeResult } from './report';
import { rng, SyntheticText } from './synthetic';

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'mcp' },
    sizes: { type: 'string', default: '1000,10000,100000' },
    calls: { type: 'string', default: '100' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const calls = Number(values.calls);
const log = (line: string) => process.stderr.write(`${line}\n`);
const logger = quietLogger();
const random = rng(7);
const text = new SyntheticText(random);
const embedder = createEmbedder({ provider: 'use' });
if (!embedder) throw new Error('the latency run needs the default embedder');

const throughput = await measureEmbedder(embedder, text);
log(
  `embedder: ${throughput.single.toFixed(1)}/s one by one, ${throughput.batched.toFixed(1)}/s batched`,
);
const { dataDir, projects } = await prepareDataDir(['latency']);
const projectId = projects.get('latency')!;
const pool = await embedder.embed(
  Array.from({ length: 128 }, () => text.sentence()),
  'document',
);
const dims = await embedder.dimensions();

async function openStore(): Promise<{ database: Database; userId: string; scopeId: string }> {
  const database = await openDatabase({ dataDir });
  const [row] = rowsOf<{ user_id: string; scope_id: string }>(
    await database.db.execute(
      sql`select m.user_id, s.id as scope_id from project_members m join scopes s on s.project_id = m.project_id where m.project_id = ${projectId}::uuid`,
    ),
  );
  return { database, userId: row!.user_id, scopeId: row!.scope_id };
}

const results: SizeResult[] = [];
let stored = 0;
try {
  for (const size of sizes) {
    const store = await openStore();
    const actor = { userId: store.userId, aal: 'aal2' as const };
    // Bulk loads build the HNSW graph once at the end, as one would for an import.
    await store.database.db.execute(
      sql.raw(`drop index if exists "${embeddingIndexName(embedder.model, dims)}"`),
    );
    let started = performance.now();
    await fill(
      { database: store.database, actor, scopeId: store.scopeId, model: embedder.model, pool },
      text,
      random,
      stored,
      size,
    );
    const fillSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    await ensureEmbeddingIndex(store.database.db, embedder.model, dims);
    const indexSeconds = (performance.now() - started) / 1000;
    // A kept instance is vacuumed; PGlite has no autovacuum worker, so the bench does it.
    for (const table of ['memories', 'memory_search_docs', 'memory_embeddings']) {
      await store.database.db.execute(sql.raw(`vacuum (analyze) ${table}`));
    }
    stored = size;
    log(`[${size}] filled in ${fillSeconds.toFixed(0)} s, HNSW in ${indexSeconds.toFixed(0)} s`);
    const target = { database: store.database, actor, projectId };
    let driver: LatencyDriver;
    if (values.driver === 'direct') driver = directDriver(target, embedder, logger);
    else if (values.driver === 'mcp-inprocess') {
      driver = await mcpInProcessDriver(target, 'bench@bench.test', embedder, logger);
    } else {
      await store.database.close();
      driver = await mcpDriver(dataDir, projectId);
    }
    clearStatsCache();
    await driver.recall(text.sentence(4, 8)); // the first search waits for the model; not a steady-state figure
    const remember = await timeCalls(calls, () => driver.remember(text.sentence()));
    const recall = await timeCalls(calls, () => driver.recall(text.sentence(4, 8)));
    stored += calls;
    await driver.close();
    if (values.driver !== 'mcp') await store.database.close();
    results.push({ size, fillSeconds, indexSeconds, remember, recall });
    log(
      `[${size}] remember p50 ${remember.p50.toFixed(1)} ms, recall p50 ${recall.p50.toFixed(1)} ms (${driver.name})`,
    );
  }
  console.log(`\n## Latency (${values.driver} driver, ${calls} sequential calls each)\n`);
  console.log(latencyTable(results));
  console.log('\n## remember throughput beside the embedder\n');
  console.log(throughputTable(results, throughput));
} finally {
  await embedder.close();
  await rm(dataDir, { recursive: true, force: true });
}
