// `tsx latency/profile-recall.ts --data-dir DIR [--queries 100]`: where a recall's time goes, statement by
// statement, on a copy of a loaded embedded store (such as one the fill cache keeps). Each statement the
// two transactions send is timed as the caller sees it (the hop to the database thread included), and
// the rest of the call (transaction set-up, the wait for the vector, shaping) is reported beside them.
import { parseArgs } from 'node:util';
import { hybridRetriever, recall, retrievalTuningSchema, type MemoryDeps } from '@svc/core';
import { TOOLS } from '@svc/contract';
import type { Database, Tx } from '@svc/db';
import { createEmbedder } from '@svc/embeddings';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { quietLogger } from '../shared/quiet-logger';
import { PROJECT } from './backends';
import { percentile } from './percentiles';
import { openStoreCopy, projectOwner } from './store-copy';
import { rng, SyntheticText } from './synthetic';
import { timeThreadRequests } from './thread-requests';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    queries: { type: 'string', default: '100' },
    // The same queries again: the last pass finds their pages in PGlite's buffers (warm), the first does not.
    passes: { type: 'string', default: '1' },
    // Whose project to recall in: the latency store's one project, or a load store's `load-<i>`.
    project: { type: 'string', default: PROJECT },
    // Other ranking settings, as JSON: --tuning '{"efSearch":60,"commonConjunctionDocs":1000}'.
    tuning: { type: 'string' },
    // No embedder: the lexical leg alone, to see what the vector leg costs beside it.
    'lexical-only': { type: 'boolean', default: false },
  },
});
if (!values['data-dir']) throw new Error('--data-dir: a loaded embedded store (e.g. under the fill cache: <key>/data)');
const store = await openStoreCopy(values['data-dir'], 'svc-profile');
const database = store.database;
const embedder = createEmbedder({ provider: 'use', queryCacheSize: 0 })!;
const tuning = retrievalTuningSchema.parse(values.tuning ? JSON.parse(values.tuning) : {});
const dialect = new PgDialect();

/** A statement's first words name it well enough to group the runs of one recall's statements. */
function label(statement: SQL): string {
  const text = dialect.sqlToQuery(statement).sql.replace(/\s+/g, ' ').trim();
  const cte = /^with (\w+)/i.exec(text)?.[1];
  return (cte ? `with ${cte}…` : text.slice(0, 60)) + ` [${text.length} chars]`;
}

const times = new Map<string, number[]>();
const record = (key: string, ms: number) => times.set(key, [...(times.get(key) ?? []), ms]);
const requests = timeThreadRequests();
const messages = requests.byKey;

/** The same database, its transactions' statements timed. */
function timedDatabase(db: Database): Database {
  const wrap = (tx: Tx): Tx =>
    new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return async (statement: SQL) => {
          const started = performance.now();
          try {
            return await target.execute(statement);
          } finally {
            record(label(statement), performance.now() - started);
          }
        };
      },
    });
  return {
    ...db,
    asUser: (ctx, fn, settings) => db.asUser(ctx, (tx) => fn(wrap(tx)), settings),
    statementsAsUser: (ctx, fn, settings) => db.statementsAsUser(ctx, (tx) => fn(wrap(tx)), settings),
    readsAsUser: (ctx, fn, settings) => db.readsAsUser(ctx, (tx) => fn(wrap(tx)), settings),
  };
}

try {
  const owner = await projectOwner(database, values.project);
  const logger = quietLogger();
  const deps = {
    database: timedDatabase(database),
    retriever: hybridRetriever({ embedder: values['lexical-only'] ? null : embedder, logger, tuning }),
    logger,
  } as unknown as MemoryDeps;
  const actor = { userId: owner.user_id, aal: 'aal2' as const };
  const text = new SyntheticText(rng(31));
  const n = Number(values.queries);
  const queries = Array.from({ length: n + 10 }, () => text.sentence(4, 8));
  let total: number[] = [];
  let slowest: [number, string][] = [];
  for (let pass = 0; pass < Number(values.passes); pass++) {
    total = [];
    slowest = [];
    for (const [q, query] of queries.entries()) {
      // The first ten warm the catalog; each pass reports its own times.
      if (q === 10) { times.clear(); messages.clear(); }
      const started = performance.now();
      await recall(deps, actor, TOOLS.recall.input.parse({ query, k: 10, scope: `project:${owner.project_id}` }));
      if (q >= 10) total.push(performance.now() - started);
      if (q >= 10) slowest.push([performance.now() - started, query]);
    }
  }
  const fmt = (unsorted: number[]) => {
    const xs = [...unsorted].sort((a, b) => a - b);
    return `${percentile(xs, 50).toFixed(1)} / ${percentile(xs, 95).toFixed(1)} / ${xs.at(-1)!.toFixed(1)}`;
  };
  console.log(`recall p50 / p95 / max ms over ${n}: ${fmt(total)}\n`);
  for (const [ms, query] of slowest.sort((a, b) => b[0] - a[0]).slice(0, 8)) console.log(`- ${ms.toFixed(1)} ms: ${query}`);
  console.log('');
  console.log('| statement | runs | p50 / p95 / max ms | sum per recall ms |\n|---|---|---|---|');
  for (const [key, xs] of times) {
    console.log(`| ${key.replace(/\|/g, '\\|')} | ${xs.length} | ${fmt(xs)} | ${(xs.reduce((a, b) => a + b, 0) / n).toFixed(2)} |`);
  }
  console.log('\n| request to the database thread | runs | p50 / p95 / max ms | sum per recall ms |\n|---|---|---|---|');
  const perRecall = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / n;
  for (const [key, xs] of [...messages].sort((a, b) => perRecall(b[1]) - perRecall(a[1]))) {
    console.log(`| ${key.replace(/\|/g, '\\|')} | ${xs.length} | ${fmt(xs)} | ${perRecall(xs).toFixed(2)} |`);
  }
} finally {
  await embedder.close();
  await store.close();
}
