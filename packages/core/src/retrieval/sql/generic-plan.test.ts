// The candidates statement planned once for all its runs (plan_cache_mode = force_generic_plan) still reads the HNSW index.
import { ensureEmbeddingIndex, memories } from '@svc/db';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedPlan as preparedPlanAs } from '../../../test/prepared-plan';
import { fakeEmbedder, openWorld, store, type World } from '../../../test/retrieval-support';
import { hnswSettings } from './query-terms';
import { resolveTuning } from '../tuning';
import { candidatesStatement } from './candidates';

let world: World;
const embedder = fakeEmbedder();
const DIMS = 16;
/** Enough vectors that sorting them all costs the planner more than reading the index. */
const SIZE = 3000;
const INDEXED = resolveTuning({ exactVectorDocs: 0 });
const dialect = new PgDialect();

beforeAll(async () => {
  world = await openWorld();
  await store(world, world.alice, [{ content: 'the first of many notes' }]);
  await world.database.system(async (tx) => {
    await tx.execute(sql`insert into memories (owner_id, scope_id, content)
      select ${world.alice.userId}::uuid, ${world.alice.personal}::uuid, 'note ' || i from generate_series(2, ${SIZE}) i`);
    // A vector per memory, its numbers drawn per row (the memory's id in the subquery keeps it correlated).
    await tx.execute(sql`insert into memory_embeddings (memory_id, model, embedding)
      select m.id, ${embedder.model}, array(select random() - 0.5 + 0 * length(m.id::text) from generate_series(1, ${DIMS}))::real[]::vector
      from memories m`);
    await ensureEmbeddingIndex(tx, embedder.model, DIMS);
    await tx.execute(sql`analyze memories`);
    await tx.execute(sql`analyze memory_embeddings`);
  });
}, 60_000);
afterAll(() => world.database.close());

/** The plan of `statement` run through PREPARE and EXECUTE under the search's settings. */
const preparedPlan = (statement: SQL, genericPlans: boolean) =>
  preparedPlanAs(world.database, world.alice, statement, hnswSettings(100, genericPlans));

describe('a generic plan of the candidates statement', () => {
  const statement = async () => {
    const [vector] = await embedder.embed(['deploy the staging cluster'], 'query');
    return candidatesStatement({
      filters: { scopeIds: [world.alice.personal] },
      lexical: null,
      vector: { model: embedder.model, vector: vector! },
      depth: 60,
      tuning: INDEXED,
    });
  };

  it('has its row counts written in its text: a plan that does not know a LIMIT sorts every vector at 100,000', async () => {
    const { sql: text } = dialect.sqlToQuery(await statement());
    expect(text).toMatch(/limit 60\b/);
    expect(text).not.toMatch(/limit \$\d/);
  });

  it('reads the HNSW index, as the plan made for the query does', async () => {
    const hnsw = /Index Scan using memory_embeddings_hnsw_/;
    expect(await preparedPlan(await statement(), false)).toMatch(hnsw);
    expect(await preparedPlan(await statement(), true)).toMatch(hnsw);
    expect(await world.database.db.$count(memories)).toBe(SIZE);
  });
});
