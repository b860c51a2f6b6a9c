// Per-model HNSW indexes on memory_embeddings, created at run time once the model's dimension is known.
import { fail } from '@svc/errors';
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Executor } from '../client/types';
import { sqlStateOf } from '../errors';

/** unique_violation on pg_class, duplicate_table: what the loser of a concurrent CREATE INDEX meets. */
const INDEX_RACE_STATES = new Set(['23505', '42P07']);

/** pgvector's HNSW limit for the `vector` type. */
const MAX_HNSW_DIMENSIONS = 2000;

/** A stable, valid identifier: readable model part plus a hash so similar names never collide. */
export function embeddingIndexName(model: string, dims: number): string {
  const readable = model.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 24);
  const hash = createHash('sha256').update(`${model}\u0000${dims}`).digest('hex').slice(0, 8);
  return `memory_embeddings_hnsw_${readable}_${dims}_${hash}`;
}

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * maintenance_work_mem for the build. pgvector builds the graph in memory and, past this, goes on
 * inserting tuple by tuple on disk, many times slower: at the 64 MB default a 100k × 512-d build
 * spills after about 25k vectors. The setting holds for the one transaction of the build only.
 */
export const HNSW_BUILD_MEMORY = '256MB';

export interface EmbeddingIndexOptions {
  /** maintenance_work_mem for this build, e.g. `64MB`; defaults to HNSW_BUILD_MEMORY. */
  buildMemory?: string;
}

/**
 * Creates, if missing, the partial expression index that svc_find_similar_memory uses for `model`:
 * `((embedding::vector(N))) vector_cosine_ops WHERE model = '<model>'`. Needs the privileged
 * executor (DDL). Returns the index name.
 */
export async function ensureEmbeddingIndex(
  exec: Executor,
  model: string,
  dims: number,
  options: EmbeddingIndexOptions = {},
): Promise<string> {
  if (model.trim() === '') throw fail.validation('embedding model name must not be empty');
  if (!Number.isInteger(dims) || dims < 1 || dims > MAX_HNSW_DIMENSIONS) {
    throw fail.validation(`embedding dimension must be an integer from 1 to ${MAX_HNSW_DIMENSIONS}`, { dims });
  }
  const memory = options.buildMemory ?? HNSW_BUILD_MEMORY;
  if (!/^\d+(kB|MB|GB)$/.test(memory)) throw fail.validation('buildMemory must look like 256MB', { memory });
  const name = embeddingIndexName(model, dims);
  // DDL takes no bind parameters: the name is generated above and the model is quoted as a literal.
  const ddl = sql.raw(
    `create index if not exists "${name}" on public.memory_embeddings using hnsw ` +
      `((embedding::vector(${dims})) vector_cosine_ops) where model = ${quoteLiteral(model)}`,
  );
  try {
    await exec.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local maintenance_work_mem = '${memory}'`));
      await tx.execute(ddl);
    });
  } catch (thrown) {
    // Two instances starting at once: IF NOT EXISTS checks before creating, so the loser of the race
    // meets the winner's catalog row (23505) or relation (42P07). The index it wanted exists.
    if (!INDEX_RACE_STATES.has(sqlStateOf(thrown) ?? '')) throw thrown;
  }
  return name;
}
