// One size on every backend: grow each store to `size` memories, index and vacuum it, then time sequential remember and recall calls, backends in turn.
import { clearStatsCache } from '@svc/core';
import { ensureEmbeddingIndex, embeddingIndexName, rowsOf, type Database } from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import type { Logger } from '@svc/observability';
import { sql } from 'drizzle-orm';
import type { Backend } from './backends';
import { directDriver, mcpDriver, mcpInProcessDriver, type LatencyDriver } from './drivers';
import { fill } from './fill';
import { timeInTurn } from './percentiles';
import type { SizeResult } from './report';
import { rng, SyntheticText } from './synthetic';

export type DriverName = 'mcp' | 'mcp-inprocess' | 'direct';

export interface RunContext {
  driver: DriverName;
  calls: number;
  embedder: Embedder;
  logger: Logger;
  /** Unit vectors of real model output that the synthetic memories are jittered from. */
  pool: readonly Float32Array[];
  dims: number;
}

/** One backend's progress through the sizes; each has its own random stream, so all store the same texts. */
export class BackendRun {
  readonly random = rng(7);
  readonly text = new SyntheticText(this.random);
  stored = 0;
  readonly results: SizeResult[] = [];
  constructor(readonly backend: Backend) {}
}

interface Prepared {
  run: BackendRun;
  fillSeconds: number;
  indexSeconds: number;
  driver: LatencyDriver;
  close(): Promise<void>;
}

async function owner(database: Database, projectId: string): Promise<{ userId: string; scopeId: string }> {
  const [row] = rowsOf<{ user_id: string; scope_id: string }>(
    await database.db.execute(
      sql`select m.user_id, s.id as scope_id from project_members m join scopes s on s.project_id = m.project_id where m.project_id = ${projectId}::uuid`,
    ),
  );
  return { userId: row!.user_id, scopeId: row!.scope_id };
}

/** Loads the store up to `size` and starts the driver on it. */
async function prepare(run: BackendRun, size: number, ctx: RunContext): Promise<Prepared> {
  const { backend, text, random } = run;
  const database = await backend.open();
  try {
    const { userId, scopeId } = await owner(database, backend.projectId);
    const actor = { userId, aal: 'aal2' as const };
    // Bulk loads build the HNSW graph once at the end, as one would for an import.
    await database.db.execute(sql.raw(`drop index if exists "${embeddingIndexName(ctx.embedder.model, ctx.dims)}"`));
    let started = performance.now();
    await fill({ database, actor, scopeId, model: ctx.embedder.model, pool: ctx.pool }, text, random, run.stored, size);
    const fillSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    await ensureEmbeddingIndex(database.db, ctx.embedder.model, ctx.dims);
    const indexSeconds = (performance.now() - started) / 1000;
    // PGlite has no autovacuum worker; PostgreSQL's may not have run yet. Both start from the same state.
    for (const table of ['memories', 'memory_search_docs', 'memory_embeddings']) {
      await database.db.execute(sql.raw(`vacuum (analyze) ${table}`));
    }
    run.stored = size;
    const target = { database, actor, projectId: backend.projectId };
    let driver: LatencyDriver;
    if (ctx.driver === 'mcp') {
      // `svc stdio` opens the database itself; the embedded one admits one process at a time.
      await database.close();
      driver = await mcpDriver(backend.location, backend.projectId);
      return { run, fillSeconds, indexSeconds, driver, close: () => driver.close() };
    }
    driver = ctx.driver === 'direct'
      ? directDriver(target, ctx.embedder, ctx.logger)
      : await mcpInProcessDriver(target, 'bench@bench.test', ctx.embedder, ctx.logger);
    return { run, fillSeconds, indexSeconds, driver, close: async () => { await driver.close(); await database.close(); } };
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}

export async function measureSize(runs: readonly BackendRun[], size: number, ctx: RunContext): Promise<SizeResult[]> {
  const prepared: Prepared[] = [];
  try {
    for (const run of runs) prepared.push(await prepare(run, size, ctx));
    clearStatsCache();
    // The first search waits for the model; not a steady-state figure.
    for (const p of prepared) await p.driver.recall(p.run.text.sentence(4, 8));
    const remember = await timeInTurn(ctx.calls, prepared.map((p) => () => p.driver.remember(p.run.text.sentence())));
    const recall = await timeInTurn(ctx.calls, prepared.map((p) => () => p.driver.recall(p.run.text.sentence(4, 8))));
    return prepared.map((p, i) => {
      p.run.stored += ctx.calls;
      return { size, fillSeconds: p.fillSeconds, indexSeconds: p.indexSeconds, remember: remember[i]!, recall: recall[i]! };
    });
  } finally {
    for (const p of prepared) await p.close();
  }
}
