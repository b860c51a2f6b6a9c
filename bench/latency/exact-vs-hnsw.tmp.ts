// Vector leg alone: the HNSW iterative scan against an exact scan of the caller's scope, on a load-like store.
import { openDatabase, rowsOf } from '@svc/db';
import { createEmbedder } from '@svc/embeddings';
import { sql } from 'drizzle-orm';
import { prepareStore } from '../load/store';
import { rng, SyntheticText } from '../latency/synthetic';
import { vectorLiteral } from '../../packages/core/src/retrieval/sql/arrays';

const users = Number(process.argv[2] ?? 10), per = Number(process.argv[3] ?? 1000);
const embedder = createEmbedder({ provider: 'use', queryCacheSize: 0 })!;
const text = new SyntheticText(rng(13));
const pool = await embedder.embed(Array.from({ length: 128 }, () => text.sentence()), 'document');
const store = await prepareStore({ users, memoriesPerUser: per, model: embedder.model, pool });
const database = await openDatabase({ dataDir: store.dataDir });
const [u] = rowsOf<{ user_id: string; scope_id: string }>(await database.db.execute(sql`select m.user_id, s.id as scope_id from projects p join project_members m on m.project_id = p.id join scopes s on s.project_id = p.id where p.name = 'load-3'`));
const qtext = new SyntheticText(rng(29));
const queries = await embedder.embed(Array.from({ length: 60 }, () => qtext.sentence(4, 8)), 'query');
const model = embedder.model;
const form = (v: Float32Array, exact: boolean) => {
  const d = sql`(e.embedding::vector(512) <=> ${vectorLiteral(v)}::vector(512))`;
  return sql`select e.memory_id, ${d}::float8 as distance from memory_embeddings e join memories m on m.id = e.memory_id
    where e.model = ${sql.raw(`'${model}'`)} and m.scope_id = ${u!.scope_id} and m.invalidated_at is null and not exists (select 1 from memory_supersedes s where s.predecessor_id = m.id)
    order by ${exact ? sql`${d} + 0` : d} limit 60`;
};
const times: Record<string, number[]> = { hnsw: [], exact: [] };
let overlap = 0;
for (let pass = 0; pass < 2; pass++) {
  for (const v of queries) {
    const got: Record<string, string[]> = {};
    for (const kind of ['hnsw', 'exact'] as const) {
      await database.asUser({ userId: u!.user_id, aal: 'aal2' }, async (tx) => {
        await tx.execute(sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', '100', true)`);
        const t = performance.now();
        const rows = rowsOf<{ memory_id: string }>(await tx.execute(form(v, kind === 'exact')));
        if (pass === 1) times[kind]!.push(performance.now() - t);
        got[kind] = rows.map((r) => r.memory_id);
      });
    }
    if (pass === 1) overlap += got.hnsw!.filter((id) => got.exact!.includes(id)).length / Math.max(1, got.exact!.length);
  }
}
await database.asUser({ userId: u!.user_id, aal: 'aal2' }, async (tx) => {
  await tx.execute(sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', '100', true)`);
  for (const exact of [false, true]) {
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain (analyze, buffers, costs off) ${form(queries[0]!, exact)}`));
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
  }
});
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const p95 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length * 0.95)]!;
console.log(`${users} users × ${per}: hnsw p50 ${med(times.hnsw!).toFixed(2)} p95 ${p95(times.hnsw!).toFixed(2)} ms; exact p50 ${med(times.exact!).toFixed(2)} p95 ${p95(times.exact!).toFixed(2)} ms; hnsw top-60 overlap with exact ${(overlap / queries.length).toFixed(3)}`);
await database.close();
await embedder.close();
