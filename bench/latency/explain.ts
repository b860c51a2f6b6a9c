// `tsx latency/explain.ts --data-dir DIR [--queries 3] [--project NAME]`: EXPLAIN (ANALYZE, BUFFERS) of every statement a recall's
// hybrid search runs, on a copy of a loaded embedded store (such as one the fill cache keeps).
import { parseArgs } from 'node:util';
import { hybridSearch } from '@svc/core';
import { rowsOf, type Executor } from '@svc/db';
import { createEmbedder } from '@svc/embeddings';
import { sql, type SQL } from 'drizzle-orm';
import { quietLogger } from '../shared/quiet-logger';
import { PROJECT } from './backends';
import { openStoreCopy, projectOwner } from './store-copy';
import { rng, SyntheticText } from './synthetic';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    queries: { type: 'string', default: '3' },
    // Explain these queries instead of synthetic ones (e.g. the slowest that profile-recall.ts lists).
    query: { type: 'string', multiple: true },
    // Whose project to search as: the latency store's one project, or a load store's `load-<i>`.
    project: { type: 'string', default: PROJECT },
  },
});
if (!values['data-dir']) throw new Error('--data-dir: a loaded embedded store (e.g. under the fill cache: <key>/data)');
const store = await openStoreCopy(values['data-dir'], 'svc-explain');
const database = store.database;
const embedder = createEmbedder({ provider: 'use' })!;
try {
  const owner = await projectOwner(database, values.project);
  const [count] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from memories`));
  console.log(`# ${count!.n} memories\n`);
  const text = new SyntheticText(rng(23));
  const queries = values.query ?? Array.from({ length: Number(values.queries) }, () => text.sentence(4, 8));
  for (const query of queries) {
    const [vector] = await embedder.embed([query], 'query');
    console.log(`## query: ${query}\n`);
    await database.asUser({ userId: owner.user_id, aal: 'aal2' }, async (tx) => {
      // Every statement the search runs is explained (and so run twice: the second, real run is warm).
      const explaining = new Proxy(tx, {
        get(target, prop, receiver) {
          if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
          return async (statement: SQL) => {
            const plan = rowsOf<{ 'QUERY PLAN': string }>(
              await target.execute(sql`explain (analyze, buffers, costs off) ${statement}`),
            );
            console.log('```\n' + plan.map((r) => r['QUERY PLAN']).join('\n') + '\n```\n');
            return target.execute(statement);
          };
        },
      }) as Executor;
      await hybridSearch(explaining, { query, k: 10, scopeIds: [owner.scope_id], queryVector: vector }, { embedder, logger: quietLogger() });
    });
  }
} finally {
  await embedder.close();
  await store.close();
}
