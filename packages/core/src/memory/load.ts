// Reads memories as the caller sees them, with their scope and supersedes links in both directions.
import { eq, inArray, sql } from 'drizzle-orm';
import { memories, scopes, type Tx } from '@svc/db';

export type MemoryRow = typeof memories.$inferSelect;

export interface LoadedMemory {
  row: MemoryRow;
  scopeKind: 'personal' | 'project';
  supersedes: string[];
  supersededBy: string[];
}

const supersedesOf = sql<string[]>`coalesce((select array_agg(l.predecessor_id order by l.created_at)
  from memory_supersedes l where l.successor_id = ${memories.id}), '{}')`;
const supersededByOf = sql<string[]>`coalesce((select array_agg(l.successor_id order by l.created_at)
  from memory_supersedes l where l.predecessor_id = ${memories.id}), '{}')`;

/** In the order of `ids`; ids the caller cannot see are simply absent. */
export async function loadMemories(tx: Tx, ids: readonly string[]): Promise<LoadedMemory[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ row: memories, scopeKind: scopes.kind, supersedes: supersedesOf, supersededBy: supersededByOf })
    .from(memories)
    .innerJoin(scopes, eq(scopes.id, memories.scopeId))
    .where(inArray(memories.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.row.id, r]));
  return ids.flatMap((id) => {
    const found = byId.get(id);
    return found ? [found] : [];
  });
}

export async function loadMemory(tx: Tx, id: string): Promise<LoadedMemory | null> {
  const [found] = await loadMemories(tx, [id]);
  return found ?? null;
}
