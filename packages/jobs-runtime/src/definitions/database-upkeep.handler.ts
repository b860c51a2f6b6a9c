// What autovacuum does on PostgreSQL, for the embedded database, which has no autovacuum worker.
import { sql } from 'drizzle-orm';
import { inDatabaseLane, rowsOf } from '@svc/db';
import type { JobContext } from '../job-definition';

/**
 * PostgreSQL's autovacuum defaults: a table is vacuumed once its dead rows pass 50 + 20% of its
 * rows, or its inserts since the last vacuum 1,000 + 20% (which also merges GIN pending lists and
 * marks pages all-visible); analysed once its changes since the last analyse pass 50 + 10%. Those
 * counters live in memory, and PGlite starts every process with them at zero: a store written over
 * many short runs would never pass them. So a table is also vacuumed once its size grew past the
 * pages its last vacuum or analyse recorded (`pg_class.relpages`, kept on disk) by 8 pages and 20%.
 */
export const UPKEEP_THRESHOLDS = {
  vacuumBase: 50,
  vacuumScale: 0.2,
  insertBase: 1000,
  insertScale: 0.2,
  analyzeBase: 50,
  analyzeScale: 0.1,
  growthBasePages: 8,
  growthScale: 0.2,
} as const;

export type Thresholds = typeof UPKEEP_THRESHOLDS;

interface TableStats {
  schema: string;
  name: string;
  /** -1 before the table's first vacuum or analyse. */
  reltuples: number;
  dead: number;
  inserted: number;
  modified: number;
  /** Its size now, and as its last vacuum or analyse recorded it (0 before either). */
  pages: number;
  relpages: number;
  /** The table carries an HNSW index (pgvector). */
  graph?: boolean;
}

export interface TableUpkeep {
  table: string;
  action: 'vacuum' | 'analyze';
  /** False for a table with an HNSW index: see `databaseUpkeep`. */
  indexCleanup: boolean;
  durationMs: number;
}

export interface DatabaseUpkeepResult {
  tables: TableUpkeep[];
}

/**
 * What one table needs by the thresholds, or null. A table with an HNSW index is vacuumed without
 * index cleanup (see `databaseUpkeep`), which leaves its removed rows' line pointers for the index
 * to point at, and an analyse counts them as dead again: so its dead rows call for no vacuum (on
 * every run it would repeat the same work), only its inserts do.
 */
export function upkeepOf(t: TableStats, th: Thresholds = UPKEEP_THRESHOLDS): TableUpkeep['action'] | null {
  const rows = Math.max(t.reltuples, 0);
  const dead = !t.graph && t.dead > th.vacuumBase + th.vacuumScale * rows;
  const grown = t.pages > th.growthBasePages + (1 + th.growthScale) * t.relpages;
  if (dead || grown || t.inserted > th.insertBase + th.insertScale * rows) return 'vacuum';
  if (t.modified > th.analyzeBase + th.analyzeScale * rows) return 'analyze';
  return null;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * One table at a time, most dead rows first, each statement in the background lane: it starts once
 * no call ran for 10 ms (or it waited a second), and then holds the embedded database's one
 * connection until done (on a copy of the 100k latency store: about 0.9 s for `memory_search_docs`
 * with 20,000 dead rows, 0.6 s for `memories`). A table with an HNSW index is vacuumed without
 * index cleanup: pgvector repairs the graph around every removed vector, 223 s for 2,000 removed
 * from `memory_embeddings` there, against 0.1 s without (1 s with its analyse); the graph keeps the
 * removed vectors' elements, whose rows a search skips, as it did before this job. The run's signal
 * is checked between tables; the counters (pg_stat_user_tables) lag their writes by about a
 * second, so the next run takes up what this one did not see.
 */
export async function databaseUpkeep(ctx: JobContext, th: Thresholds = UPKEEP_THRESHOLDS): Promise<DatabaseUpkeepResult> {
  const stats = rowsOf<TableStats>(
    await ctx.database.db.execute(sql`
      select s.schemaname as schema, s.relname as name, c.reltuples::float8 as reltuples,
        s.n_dead_tup::float8 as dead, s.n_ins_since_vacuum::float8 as inserted, s.n_mod_since_analyze::float8 as modified,
        (pg_relation_size(c.oid) / current_setting('block_size')::int)::float8 as pages, c.relpages::float8 as relpages,
        exists (select 1 from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_am am on am.oid = ic.relam
          where i.indrelid = s.relid and am.amname = 'hnsw') as graph
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where c.relkind = 'r'
      order by s.n_dead_tup desc, s.schemaname, s.relname`),
  );
  const tables: TableUpkeep[] = [];
  for (const t of stats) {
    if (ctx.signal.aborted) break;
    const action = upkeepOf(t, th);
    if (!action) continue;
    const target = `${quoted(t.schema)}.${quoted(t.name)}`;
    const indexCleanup = !t.graph;
    const statement =
      action === 'analyze' ? `analyze ${target}` : `vacuum (${indexCleanup ? '' : 'index_cleanup off, '}analyze) ${target}`;
    const started = performance.now();
    await inDatabaseLane('background', () => ctx.database.db.execute(sql.raw(statement)));
    const durationMs = Math.round(performance.now() - started);
    const table = `${t.schema}.${t.name}`;
    tables.push({ table, action, indexCleanup, durationMs });
    ctx.logger.info('database_upkeep', { table, action, index_cleanup: indexCleanup, duration_ms: durationMs });
  }
  return { tables };
}
