// `tsx latency/pair-tuning.ts --data-dir DIR --b '{"exactVectorDocs":0}' [--a '{}'] [--project NAME] [--passes 3]`:
// two sets of ranking settings on one copy of a loaded store, in one process, taking turns query by
// query (which goes first alternates), so a slow spell of the machine falls on both alike. Prints
// each one's recall p50 / p95 and how many answers were the same (ids and scores).
import { parseArgs } from 'node:util';
import { hybridRetriever, recall, retrievalTuningSchema, type MemoryDeps } from '@svc/core';
import { TOOLS } from '@svc/contract';
import { createEmbedder } from '@svc/embeddings';
import { quietLogger } from '../shared/quiet-logger';
import { PROJECT } from './backends';
import { percentile } from './percentiles';
import { openStoreCopy, projectOwner } from './store-copy';
import { rng, SyntheticText } from './synthetic';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    a: { type: 'string', default: '{}' },
    b: { type: 'string' },
    project: { type: 'string', default: PROJECT },
    queries: { type: 'string', default: '100' },
    passes: { type: 'string', default: '3' },
  },
});
if (!values['data-dir'] || !values.b) throw new Error('--data-dir and --b (ranking settings as JSON) are required');
const store = await openStoreCopy(values['data-dir'], 'svc-pair-tuning');
const database = store.database;
const embedder = createEmbedder({ provider: 'use', queryCacheSize: 0 })!;
try {
  const logger = quietLogger();
  const owner = await projectOwner(database, values.project);
  const variant = (json: string) => {
    const tuning = retrievalTuningSchema.parse(JSON.parse(json));
    return { json, times: [] as number[], deps: { database, logger, retriever: hybridRetriever({ embedder, logger, tuning }) } as unknown as MemoryDeps };
  };
  const variants = [variant(values.a), variant(values.b)];
  const actor = { userId: owner.user_id, aal: 'aal2' as const };
  const text = new SyntheticText(rng(31));
  const queries = Array.from({ length: Number(values.queries) + 10 }, () => text.sentence(4, 8));
  let same = 0;
  let compared = 0;
  for (let pass = 0; pass < Number(values.passes); pass++) {
    for (const [q, query] of queries.entries()) {
      const input = TOOLS.recall.input.parse({ query, k: 10, scope: `project:${owner.project_id}` });
      const answers = new Map<(typeof variants)[number], string>();
      for (const v of (q + pass) % 2 === 0 ? variants : [...variants].reverse()) {
        const started = performance.now();
        const { results } = await recall(v.deps, actor, input);
        // The first ten warm the catalog and the model.
        if (q >= 10) v.times.push(performance.now() - started);
        answers.set(v, JSON.stringify(results.map((r) => [r.memory.id, r.score])));
      }
      if (q < 10) continue;
      compared++;
      if (answers.get(variants[0]!) === answers.get(variants[1]!)) same++;
    }
  }
  const fmt = (xs: number[]) => {
    const sorted = [...xs].sort((x, y) => x - y);
    return `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)}`;
  };
  for (const v of variants) console.log(`${v.json}: recall p50 / p95 ${fmt(v.times)} ms over ${v.times.length}`);
  console.log(`same answers: ${same} of ${compared}`);
} finally {
  await embedder.close();
  await store.close();
}
