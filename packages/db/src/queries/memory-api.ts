// Typed calls of the Database API functions (svc_search_memories, svc_find_similar_memory,
// svc_memory_version_history). Run them inside asUser: they refuse anonymous callers with 42501.
import { fail } from '@svc/errors';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client/types';
import { rowsOf } from './rows';
import { isUuid } from '../uuid';
import { vectorText } from '../vector-text';


export interface SearchHit {
  memory_id: string;
  scope_id: string;
  owner_id: string;
  content: string;
  kind: string;
  tags: string[];
  created_at: string;
  invalidated_at: string | null;
  /** ts_rank_cd normalised into 0..1. */
  rank: number;
}

export interface SearchOptions {
  query: string;
  /** 1..100 (the database refuses anything else with 22023, i.e. validation_failed). */
  k?: number;
  scopeIds?: string[];
  includeRetired?: boolean;
}

/**
 * A uuid[] parameter as an array literal: drizzle would expand a JS array into a row, and the two
 * drivers serialise arrays differently. Each id is checked, so the literal cannot be malformed.
 */
function uuidArray(ids: string[] | undefined) {
  if (ids === undefined) return sql`null::uuid[]`;
  for (const id of ids) {
    if (!isUuid(id)) throw fail.validation('scope id must be a uuid', { id });
  }
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

export async function searchMemories(exec: Executor, opts: SearchOptions): Promise<SearchHit[]> {
  const result = await exec.execute(
    sql`select * from svc_search_memories(${opts.query}, ${opts.k ?? 10}, ${uuidArray(opts.scopeIds)}, ${opts.includeRetired ?? false})`,
  );
  return rowsOf<SearchHit>(result);
}

export interface SimilarHit {
  memory_id: string;
  scope_id: string;
  owner_id: string;
  content: string;
  kind: string;
  created_at: string;
  /** Cosine distance: 0 is the same direction, 2 the opposite. */
  distance: number;
}

export interface SimilarOptions {
  embedding: number[];
  model: string;
  k?: number;
  scopeIds?: string[];
  includeRetired?: boolean;
  maxDistance?: number;
}

export async function findSimilarMemories(exec: Executor, opts: SimilarOptions): Promise<SimilarHit[]> {
  const vector = vectorText(opts.embedding);
  const result = await exec.execute(
    sql`select * from svc_find_similar_memory(${vector}::vector, ${opts.model}, ${opts.k ?? 10}, ${uuidArray(opts.scopeIds)}, ${opts.includeRetired ?? false}, ${opts.maxDistance ?? null}::float8)`,
  );
  return rowsOf<SimilarHit>(result);
}

export interface MemoryVersion {
  version_id: string;
  /** 0 is the memory asked about; negative older versions, positive newer ones. */
  depth: number;
  content: string;
  owner_id: string;
  scope_id: string;
  created_at: string;
  invalidated_at: string | null;
  invalidation_reason: string | null;
  superseded_by: string[];
}

export async function memoryVersionHistory(exec: Executor, memoryId: string): Promise<MemoryVersion[]> {
  const result = await exec.execute(sql`select * from svc_memory_version_history(${memoryId}::uuid)`);
  return rowsOf<MemoryVersion>(result);
}
