// `tsx latency/pair-search.ts --base DIR --data-dir DIR [--queries 100]`: a search's database work (the plan's
// transaction, then the candidates and conversation signals' one, as recall runs them) by the code of another
// checkout (the baseline, e.g. a `git worktree` of the commit before) and by this one, query by query in turns
// in one process, each on its own copy of a loaded embedded store. Paired so that a busy spell of a shared
// machine falls on both alike; the query vectors are computed once and given to both.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as newCore from '@svc/core';
import * as newDb from '@svc/db';
import { createEmbedder } from '@svc/embeddings';
import { sql } from 'drizzle-orm';
import { quietLogger } from '../shared/quiet-logger';
import { PROJECT } from './backends';
import { rng, SyntheticText } from './synthetic';

const { values } = parseArgs({
  options: { base: { type: 'string' }, 'data-dir': { type: 'string' }, queries: { type: 'string', default: '100' } },
});
if (!values.base || !values['data-dir']) throw new Error('--base: a checkout of the baseline; --data-dir: a loaded embedded store');
const dir = values['data-dir'];
const nq = Number(values.queries);
// The baseline's own packages, with their own dependencies (its database opens with its own migrations).
const baseCore = (await import(resolve(values.base, 'packages/core/src/index.ts'))) as typeof newCore;
const baseDb = (await import(resolve(values.base, 'packages/db/src/index.ts'))) as typeof newDb;
const copies = [await mkdtemp(join(tmpdir(), 'svc-pa-')), await mkdtemp(join(tmpdir(), 'svc-pb-'))];
await cp(dir, copies[0]!, { recursive: true });
await cp(dir, copies[1]!, { recursive: true });
const variants = [
  { name: 'base', core: baseCore, database: await baseDb.openDatabase({ dataDir: copies[0]!, migrate: true }) },
  { name: 'new', core: newCore, database: await newDb.openDatabase({ dataDir: copies[1]!, migrate: true }) },
];
const embedder = createEmbedder({ provider: 'use', queryCacheSize: 0 })!;
const logger = quietLogger();
try {
  const [owner] = newDb.rowsOf<{ user_id: string; scope_id: string }>(
    await variants[1]!.database.db.execute(sql`select m.user_id, s.id as scope_id from projects p
      join project_members m on m.project_id = p.id join scopes s on s.project_id = p.id where p.name = ${PROJECT}`),
  );
  const actor = { userId: owner!.user_id, aal: 'aal2' as const };
  const text = new SyntheticText(rng(41));
  const times: Record<string, number[]> = { base: [], new: [] };
  for (let q = 0; q < nq + 10; q++) {
    const query = text.sentence(4, 8);
    const [vector] = await embedder.embed([query], 'query');
    const order = q % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      const opts = { query, k: 10, scopeIds: [owner!.scope_id], queryVector: vector };
      const started = performance.now();
      const plan = await v.database.asUser(actor, (tx) => v.core.planSearch(tx, opts, { embedder, logger }));
      const hits = await v.database.asUser(actor, (tx) => v.core.hybridSearch(tx, opts, { embedder, logger }, plan));
      if (q >= 10) times[v.name]!.push(performance.now() - started);
      if (hits.length === 0) console.log('no hits', v.name, query);
    }
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
  for (const p of [50, 95]) {
    console.log(`p${p}: base ${pct(times.base!, p).toFixed(1)} ms, new ${pct(times.new!, p).toFixed(1)} ms, new/base ${(pct(times.new!, p) / pct(times.base!, p)).toFixed(2)}x`);
  }
  const diffs = times.new!.map((t, i) => t / times.base![i]!);
  console.log(`median per-query ratio new/base ${pct(diffs, 50).toFixed(2)}x`);
} finally {
  await embedder.close();
  for (const v of variants) await v.database.close();
  for (const c of copies) await rm(c, { recursive: true, force: true });
}
