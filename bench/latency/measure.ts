// One size on one backend: grow its store to `size` memories, index and vacuum it, then time sequential remember and recall calls.
import { clearStatsCache } from '@svc/core';
import { ensureEmbeddingIndex, embeddingIndexName, rowsOf, type Database } from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import type { Logger } from '@svc/observability';
import { sql } from 'drizzle-orm';
import type { Backend } from './backends';
import { directDriver, mcpDriver, mcpInProcessDriver, type LatencyDriver } from './drivers';
import { fill } from './fill';
import { timeCalls } from './percentiles';
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

async function owner(database: Database, projectId: string): Promise<{ userId: string; scopeId: string }> {
  const [row] = rowsOf<{ user_id: string; scope_id: string }>(
    await database.db.execute(
      sql`select m.user_id, s.id as scope_id from project_members m join scopes s on s.project_id = m.project_id where m.project_id = ${projectId}::uuid`,
    ),
  );
  return { userId: row!.user_id, scopeId: row!.scope_id };
}

export async function measureSize(run: BackendRun, size: number, ctx: RunContext): Promise<SizeResult> {
  const { backend, text, random } = run;
  const database = await backend.open();
  let open = true;
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
    if (ctx.driver === 'direct') driver = directDriver(target, ctx.embedder, ctx.logger);
    else if (ctx.driver === 'mcp-inprocess') driver = await mcpInProcessDriver(target, 'bench@bench.test', ctx.embedder, ctx.logger);
    else {
      // `svc stdio` opens the database itself; the embedded one admits one process at a time.
      await database.close();
      open = false;
      driver = await mcpDriver(backend.location, backend.projectId);
    }
    try {
      clearStatsCache();
      await driver.recall(text.sentence(4, 8)); // the first search waits for the model; not a steady-state figure
      const remember = await timeCalls(ctx.calls, () => driver.remember(text.sentence()));
      const recall = await timeCalls(ctx.calls, () => driver.recall(text.sentence(4, 8)));
      run.stored += ctx.calls;
      return { size, fillSeconds, indexSeconds, remember, recall };
    } finally {
      await driver.close();
    }
  } finally {
    if (open) await database.close();
  }
}
