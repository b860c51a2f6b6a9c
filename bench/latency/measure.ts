// One size on every backend: grow each store to `size` memories, index and vacuum it, then time sequential remember and recall calls, backends in turn.
import { clearStatsCache, onSearchStage, type SearchStage } from '@svc/core';
import { ensureEmbeddingIndex, embeddingIndexName, rowsOf, type Database } from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import type { Logger } from '@svc/observability';
import { sql } from 'drizzle-orm';
import { waitForDeployJobs } from '../shared/after-deploy';
import { PROJECT, type Backend } from './backends';
import { directDriver, mcpDriver, mcpInProcessDriver, type LatencyDriver } from './drivers';
import { measureEmbedder } from './embedder-throughput';
import { fill } from './fill';
import { fillKey, restoreFill, saveFill } from './fill-cache';
import { summarize, timeInTurn, type Timing } from './percentiles';
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
  /** Where loaded embedded stores are kept between runs; null: always fill. */
  fillCache: string | null;
  /** maintenance_work_mem for the HNSW build; undefined: the service's own setting. */
  indexMemory?: string;
  /** Environment for every `svc stdio`; a backend may add its own. */
  serverEnv: Record<string, string>;
  /** `mcp`: wait out the after-deploy jobs before timing (false: time the calls beside them). */
  settle: boolean;
  /** The model for the in-process drivers on a backend with EMBEDDINGS_WORKER_THREADS=0. */
  inThreadEmbedder?: Embedder;
  /** After the sequential calls, `calls` more remember calls this many at a time (0: none). */
  rememberConcurrency: number;
  /** Texts for timing the embedder beside each size's remember calls (a stream of its own). */
  embedderText: SyntheticText;
}

/** One backend's progress through the sizes; each has its own random stream, so all store the same texts. */
export class BackendRun {
  readonly random = rng(7);
  readonly text = new SyntheticText(this.random);
  stored = 0;
  /** Each size loaded so far with the calls made on it: what the store holds. */
  readonly history: string[] = [];
  readonly results: SizeResult[] = [];
  constructor(readonly backend: Backend) {}
}

interface Prepared {
  run: BackendRun;
  fillSeconds: number;
  indexSeconds: number;
  cached: boolean;
  /** From starting the driver (for `mcp`: spawning `svc stdio` on the loaded store) to its tools/list answer. */
  startSeconds: number;
  /** `mcp` on a data directory: seconds after the start until its after-deploy jobs were done, before any call. */
  settleSeconds: number | null;
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

/** Grows the store to `size` (or restores it from the fill cache), indexes and vacuums it. */
async function load(run: BackendRun, size: number, ctx: RunContext): Promise<{ fillSeconds: number; indexSeconds: number; cached: boolean }> {
  const { backend, text, random } = run;
  const key = fillKey(ctx.embedder.model, [...run.history, String(size)]);
  const cacheDir = backend.dataDir !== undefined ? ctx.fillCache : null;
  if (cacheDir && backend.dataDir) {
    const hit = await restoreFill(cacheDir, key, backend.dataDir);
    if (hit) {
      const database = await backend.open();
      try {
        const [row] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from projects where name = ${PROJECT}`));
        backend.projectId = row!.id;
      } finally {
        await database.close();
      }
      return { ...hit, cached: true };
    }
  }
  const database = await backend.open();
  let fillSeconds: number;
  let indexSeconds: number;
  try {
    const { userId, scopeId } = await owner(database, backend.projectId);
    const actor = { userId, aal: 'aal2' as const };
    // Bulk loads build the HNSW graph once at the end, as one would for an import.
    await database.db.execute(sql.raw(`drop index if exists "${embeddingIndexName(ctx.embedder.model, ctx.dims)}"`));
    let started = performance.now();
    await fill({ database, actor, scopeId, model: ctx.embedder.model, pool: ctx.pool }, text, random, run.stored, size);
    fillSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    await ensureEmbeddingIndex(database.db, ctx.embedder.model, ctx.dims, { buildMemory: ctx.indexMemory });
    indexSeconds = (performance.now() - started) / 1000;
    // PGlite has no autovacuum worker; PostgreSQL's may not have run yet. Both start from the same state.
    for (const table of ['memories', 'memory_search_docs', 'memory_embeddings']) {
      await database.db.execute(sql.raw(`vacuum (analyze) ${table}`));
    }
  } finally {
    await database.close();
  }
  if (cacheDir && backend.dataDir) await saveFill(cacheDir, key, backend.dataDir, { fillSeconds, indexSeconds });
  return { fillSeconds, indexSeconds, cached: false };
}

/** Loads the store up to `size` and starts the driver on it. */
async function prepare(run: BackendRun, size: number, ctx: RunContext): Promise<Prepared> {
  const { backend } = run;
  const loaded = await load(run, size, ctx);
  run.stored = size;
  run.history.push(String(size));
  if (ctx.driver === 'mcp') {
    // `svc stdio` opens the database itself; the embedded one admits one process at a time.
    const env = { ...ctx.serverEnv, ...backend.serverEnv };
    const started = performance.now();
    const driver = await mcpDriver(backend.location, backend.projectId, env);
    const startSeconds = (performance.now() - started) / 1000;
    try {
      // Calls timed beside the after-deploy backup would measure the first minute after an upgrade, not the service.
      const settleSeconds = ctx.settle && 'DATA_DIR' in backend.location ? await waitForDeployJobs(backend.location.DATA_DIR, env) : null;
      return { run, ...loaded, startSeconds, settleSeconds, driver, close: () => driver.close() };
    } catch (err) {
      await driver.close().catch(() => undefined);
      throw err;
    }
  }
  const database = await backend.open();
  try {
    const { userId } = await owner(database, backend.projectId);
    const target = { database, actor: { userId, aal: 'aal2' as const }, projectId: backend.projectId };
    const started = performance.now();
    const embedder = backend.serverEnv?.EMBEDDINGS_WORKER_THREADS === '0' && ctx.inThreadEmbedder ? ctx.inThreadEmbedder : ctx.embedder;
    const driver = ctx.driver === 'direct'
      ? directDriver(target, embedder, ctx.logger)
      : await mcpInProcessDriver(target, 'bench@bench.test', embedder, ctx.logger);
    const startSeconds = (performance.now() - started) / 1000;
    return { run, ...loaded, startSeconds, settleSeconds: null, driver, close: async () => { await driver.close(); await database.close(); } };
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
    // The model's own speed right before and after the remember calls: a shared machine's load moves
    // within a run, and the ratio should compare the two under the same load.
    const embedderBefore = await measureEmbedder(ctx.embedder, ctx.embedderText, 64);
    const remember = await timeInTurn(ctx.calls, prepared.map((p) => () => p.driver.remember(p.run.text.sentence())));
    // Stage timings reach the bench only when the tools run in its own process (mcp-inprocess, direct).
    const stages = prepared.map(() => new Map<SearchStage, number[]>());
    let current = -1;
    const off = onSearchStage((stage, ms) => {
      const mine = stages[current];
      if (!mine) return;
      mine.set(stage, [...(mine.get(stage) ?? []), ms]);
    });
    let recall: Timing[];
    try {
      recall = await timeInTurn(ctx.calls, prepared.map((p, j) => () => {
        current = j;
        return p.driver.recall(p.run.text.sentence(4, 8));
      }));
    } finally {
      off();
    }
    // Several agents writing at once: one backend at a time (taking turns would serialise them).
    const concurrent: ({ concurrency: number; perSecond: number } | null)[] = [];
    for (const p of prepared) concurrent.push(await rememberAtOnce(p, ctx));
    const embedderAfter = await measureEmbedder(ctx.embedder, ctx.embedderText, 64);
    const embedder = {
      single: (embedderBefore.single + embedderAfter.single) / 2,
      batched: (embedderBefore.batched + embedderAfter.batched) / 2,
    };
    const memory = await Promise.all(prepared.map((p) => p.driver.memory()));
    return prepared.map((p, i) => {
      p.run.stored += ctx.calls;
      p.run.history.push(`c${ctx.calls}`);
      if (ctx.rememberConcurrency > 0) {
        p.run.stored += ctx.calls;
        p.run.history.push(`r${ctx.rememberConcurrency}x${ctx.calls}`);
      }
      return {
        size,
        fillSeconds: p.fillSeconds,
        indexSeconds: p.indexSeconds,
        cached: p.cached,
        startSeconds: p.startSeconds,
        settleSeconds: p.settleSeconds,
        memory: memory[i] ?? null,
        remember: remember[i]!,
        recall: recall[i]!,
        stages: new Map([...stages[i]!].map(([stage, samples]) => [stage, summarize(samples)])),
        concurrent: concurrent[i] ?? null,
        embedder,
      };
    });
  } finally {
    for (const p of prepared) await p.close();
  }
}

/** `ctx.calls` remember calls, `ctx.rememberConcurrency` in flight at a time; null when not asked for. */
async function rememberAtOnce(p: Prepared, ctx: RunContext): Promise<{ concurrency: number; perSecond: number } | null> {
  const concurrency = ctx.rememberConcurrency;
  if (concurrency <= 0) return null;
  const texts = Array.from({ length: ctx.calls }, () => p.run.text.sentence());
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      for (let i = lane; i < texts.length; i += concurrency) await p.driver.remember(texts[i]!);
    }),
  );
  return { concurrency, perSecond: texts.length / ((performance.now() - started) / 1000) };
}
