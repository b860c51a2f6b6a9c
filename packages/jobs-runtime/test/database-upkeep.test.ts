import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { databaseUpkeepJob } from '../src/definitions/database-upkeep';
import { databaseUpkeep, upkeepOf, UPKEEP_THRESHOLDS } from '../src/definitions/database-upkeep.handler';
import { registeredJobs } from '../src/registry';
import { eventually, jobContext } from './helpers';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const ctx = () => jobContext(database);

interface ProbeStats {
  live: number;
  inserted: number;
  dead: number;
  modified: number;
  last_vacuum: string | null;
  last_analyze: string | null;
}

async function probeStats(table: string): Promise<ProbeStats | undefined> {
  const [row] = rowsOf<ProbeStats>(
    await database.db.execute(sql`select n_live_tup::int as live, n_ins_since_vacuum::int as inserted, n_dead_tup::int as dead, n_mod_since_analyze::int as modified,
      last_vacuum, last_analyze from pg_stat_user_tables where schemaname = 'public' and relname = ${table}`),
  );
  return row;
}

/** The writes of `statement` counted in pg_stat_user_tables (the writing session flushes them within about a second). */
async function counted(statement: string, check: (stats: ProbeStats) => boolean, table: string): Promise<void> {
  // A vacuum reports its own counts at once (and cannot run inside a transaction).
  if (statement.startsWith('vacuum')) await database.db.execute(sql.raw(statement));
  else {
    await database.system(async (tx) => {
      await tx.execute(sql.raw(statement));
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });
  }
  await eventually(`counted: ${statement}`, async () => {
    const row = await probeStats(table);
    return row !== undefined && check(row);
  });
}

/** A table PostgreSQL's own autovacuum leaves alone (so only the job can have vacuumed it), vacuumed, then changed. */
async function probe(table: string, rows: number, change: string, changed: (s: ProbeStats) => boolean): Promise<void> {
  await database.db.execute(sql.raw(`create table ${table} (id int primary key, v text) with (autovacuum_enabled = false)`));
  await counted(`insert into ${table} select g, 'x' from generate_series(1, ${rows}) g`, (s) => s.live === rows, table);
  await counted(`vacuum (analyze) ${table}`, (s) => s.modified === 0 && s.last_vacuum !== null, table);
  await counted(change, changed, table);
}

describe('database upkeep', () => {
  it('takes autovacuum’s thresholds: dead rows or inserts to vacuum, changes to analyse', () => {
    const t = { schema: 'public', name: 't', reltuples: 1000, dead: 0, inserted: 0, modified: 0, pages: 10, relpages: 10 };
    expect(upkeepOf(t)).toBeNull();
    expect(upkeepOf({ ...t, dead: 250 })).toBeNull();
    expect(upkeepOf({ ...t, dead: 251 })).toBe('vacuum');
    expect(upkeepOf({ ...t, inserted: 1200 })).toBeNull();
    expect(upkeepOf({ ...t, inserted: 1201 })).toBe('vacuum');
    expect(upkeepOf({ ...t, modified: 150 })).toBeNull();
    expect(upkeepOf({ ...t, modified: 151 })).toBe('analyze');
    // Never vacuumed nor analysed: counted as empty.
    expect(upkeepOf({ ...t, reltuples: -1, modified: 51 })).toBe('analyze');
    // An HNSW table's dead rows stay counted after a vacuum without index cleanup: only inserts count.
    expect(upkeepOf({ ...t, graph: true, dead: 900 })).toBeNull();
    expect(upkeepOf({ ...t, graph: true, inserted: 1201 })).toBe('vacuum');
    // Grown past its recorded size by 8 pages and 20% (the counters start at zero in every process).
    expect(upkeepOf({ ...t, pages: 20 })).toBeNull();
    expect(upkeepOf({ ...t, pages: 21 })).toBe('vacuum');
    expect(upkeepOf({ ...t, reltuples: -1, relpages: 0, pages: 9 })).toBe('vacuum');
    expect(UPKEEP_THRESHOLDS.vacuumScale).toBe(0.2);
  });

  it('vacuums a table whose dead rows passed the threshold, and analyses one only changed', async () => {
    await probe('upkeep_dead', 2000, 'delete from upkeep_dead where id <= 1000', (s) => s.dead === 1000);
    await probe('upkeep_changed', 2000, "update upkeep_changed set v = 'y' where id <= 100", (s) => s.modified === 100);

    const vacuumedBefore = (await probeStats('upkeep_dead'))?.last_vacuum;
    const c = ctx();
    const result = await databaseUpkeep(c);
    const done = Object.fromEntries(result.tables.map((t) => [t.table, t.action]));
    expect(done['public.upkeep_dead']).toBe('vacuum');
    // 100 of 2000 rows changed: 50 + 10% is 250 rows for an analyse, under it.
    expect(done['public.upkeep_changed']).toBeUndefined();
    await eventually('the vacuum recorded', async () => (await probeStats('upkeep_dead'))?.last_vacuum !== vacuumedBefore);
    expect(c.records.some((r) => r.message === 'database_upkeep' && r.table === 'public.upkeep_dead' && typeof r.duration_ms === 'number')).toBe(true);

    await counted("update upkeep_changed set v = 'z' where id <= 300", (s) => s.modified === 400, 'upkeep_changed');
    const analysedBefore = (await probeStats('upkeep_changed'))?.last_analyze;
    const second = await databaseUpkeep(ctx());
    expect(second.tables.find((t) => t.table === 'public.upkeep_changed')?.action).toBe('analyze');
    expect(second.tables.find((t) => t.table === 'public.upkeep_dead')).toBeUndefined();
    await eventually('the analyse recorded', async () => (await probeStats('upkeep_changed'))?.last_analyze !== analysedBefore);
  });

  it('vacuums a table with an HNSW index for its inserts, without index cleanup (pgvector repairs its graph for minutes)', async () => {
    await database.db.execute(sql.raw('create table upkeep_graph (id int primary key, v vector(3)) with (autovacuum_enabled = false)'));
    await database.db.execute(sql.raw('create index on upkeep_graph using hnsw (v vector_cosine_ops)'));
    const rows = (from: number, to: number) =>
      `insert into upkeep_graph select g, array[random() + 0.1, random(), random()]::vector(3) from generate_series(${from}, ${to}) g`;
    await counted(rows(1, 2000), (s) => s.live === 2000, 'upkeep_graph');
    await counted('vacuum (analyze) upkeep_graph', (s) => s.modified === 0 && s.last_vacuum !== null, 'upkeep_graph');
    // 1,000 dead of 2,000 would vacuum another table; 1,500 inserts pass 1,000 + 20% here.
    await counted('delete from upkeep_graph where id <= 1000', (s) => s.dead === 1000, 'upkeep_graph');
    await counted(rows(2001, 3500), (s) => s.inserted === 1500, 'upkeep_graph');
    await probe('upkeep_plain', 2000, 'delete from upkeep_plain where id <= 1000', (s) => s.dead === 1000);
    const vacuumedBefore = (await probeStats('upkeep_graph'))?.last_vacuum;

    const c = ctx();
    const byTable = Object.fromEntries((await databaseUpkeep(c)).tables.map((t) => [t.table, t]));
    expect(byTable['public.upkeep_graph']).toMatchObject({ action: 'vacuum', indexCleanup: false });
    expect(byTable['public.upkeep_plain']).toMatchObject({ action: 'vacuum', indexCleanup: true });
    expect(c.records.find((r) => r.message === 'database_upkeep' && r.table === 'public.upkeep_graph')).toMatchObject({ index_cleanup: false });
    await eventually('the vacuum recorded', async () => (await probeStats('upkeep_graph'))?.last_vacuum !== vacuumedBefore);
    const [found] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from (select id from upkeep_graph order by v <=> '[1,0,0]' limit 5) x`),
    );
    expect(found!.n).toBe(5);
  });

  it('vacuums a table that grew since its last vacuum though the counters were reset (as at every start of PGlite)', async () => {
    // About 22 pages, then twice that.
    await probe('upkeep_grown', 5000, "insert into upkeep_grown select g, 'x' from generate_series(5001, 10000) g", (s) => s.inserted === 5000);
    await database.db.execute(sql`select pg_stat_reset()`);
    await eventually('the counters reset', async () => (await probeStats('upkeep_grown'))?.modified === 0);
    const result = await databaseUpkeep(ctx());
    expect(result.tables.find((t) => t.table === 'public.upkeep_grown')?.action).toBe('vacuum');
    // Its size recorded again: the next run leaves it.
    expect((await databaseUpkeep(ctx())).tables.find((t) => t.table === 'public.upkeep_grown')).toBeUndefined();
  });

  it('stops between tables once its run is stopped', async () => {
    await probe('upkeep_stopped', 2000, 'delete from upkeep_stopped where id <= 1500', (s) => s.dead === 1500);
    const stopped = new AbortController();
    stopped.abort();
    expect((await databaseUpkeep({ ...ctx(), signal: stopped.signal })).tables).toEqual([]);
  });

  it('is registered on the embedded database only: PostgreSQL runs its own autovacuum', () => {
    const names = (kind: Database['kind']) =>
      registeredJobs({ memory: { database: { kind } } as never, embedder: null, keepWarmMinutes: 0 }).map((j) => j.name);
    expect(names('embedded')).toContain('database-upkeep');
    expect(names('server')).not.toContain('database-upkeep');
    const job = databaseUpkeepJob('embedded')!;
    expect(job.schedule).toBe('*/10 * * * *');
    expect(job.runAfterDeploy).toBe(true);
  });
});
