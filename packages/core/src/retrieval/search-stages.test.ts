// Stage timings of a recall, its words planned while the query is embedded, and the wait for the vector holding nothing that card calls need.
import { TOOLS } from '@svc/contract';
import { rowsOf } from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedder, openWorld, silentLogger, store, type World } from '../../test/retrieval-support';
import { runBoard } from '../cards/board-tool';
import { runCard } from '../cards/card-tool';
import type { MemoryDeps } from '../memory/deps';
import { recall } from '../memory/recall';
import { buildContext } from '../context/build-context';
import { hybridIndexer, hybridRetriever } from './adapters';
import { indexMemories } from './embed-memories';
import { onSearchStage, SEARCH_STAGES, type SearchStage } from './search-stages';

let world: World;
let alice: { userId: string; aal: 'aal2' };
const logger = silentLogger();

/** The fake model, but each query waits until the test lets it through: a model busy with other work. */
function heldEmbedder(inner: Embedder) {
  const held: (() => void)[] = [];
  const embedder: Embedder = {
    ...inner,
    async embed(texts, purpose) {
      if (purpose === 'query') await new Promise<void>((resolve) => held.push(resolve));
      return inner.embed(texts, purpose);
    },
  };
  return { embedder, held };
}

function depsWith(embedder: Embedder): MemoryDeps {
  return { database: world.database, logger, retriever: hybridRetriever({ embedder, logger }), indexer: hybridIndexer({ embedder, logger }) };
}

/**
 * The fake model, answering a query only once the words are planned (stage `lexical_plan`); a
 * caller that waited for the vector before planning gets it two seconds late instead, and the
 * events' order shows it. `events` holds the stages and 'vector' when the model answered.
 */
function vectorAfterPlan() {
  const events: string[] = [];
  let planned!: () => void;
  const plannedOnce = new Promise<void>((resolve) => (planned = resolve));
  const off = onSearchStage((stage) => {
    events.push(stage);
    if (stage === 'lexical_plan') planned();
  });
  const inner = fakeEmbedder();
  const embedder: Embedder = {
    ...inner,
    async embed(texts, purpose) {
      if (purpose === 'query') {
        await Promise.race([plannedOnce, new Promise((resolve) => setTimeout(resolve, 2_000))]);
        events.push('vector');
      }
      return inner.embed(texts, purpose);
    },
  };
  return { embedder, events, off };
}

const recallArgs = (query: string) => TOOLS.recall.input.parse({ query, k: 5, scope: `project:${world.project.id}` });

beforeAll(async () => {
  world = await openWorld();
  alice = { userId: world.alice.userId, aal: 'aal2' };
  const ids = await store(world, world.alice, [
    { content: 'The staging cluster runs on Kubernetes.', scopeId: world.project.scope },
    { content: 'Deploys happen on Thursdays.', scopeId: world.project.scope },
  ]);
  await indexMemories({ database: world.database }, fakeEmbedder(), ids, logger);
});
afterAll(() => world.database.close());

describe('search stages', () => {
  it('a recall reports every stage once, in the order the work happens', async () => {
    const seen: SearchStage[] = [];
    const off = onSearchStage((stage, ms) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      seen.push(stage);
    });
    try {
      const out = await recall(depsWith(fakeEmbedder()), alice, recallArgs('where does kubernetes run?'));
      expect(out.results[0]?.memory.content).toContain('Kubernetes');
    } finally {
      off();
    }
    expect(seen).toEqual([...SEARCH_STAGES]);
  });

  it('reports nothing once unsubscribed', async () => {
    const seen: SearchStage[] = [];
    onSearchStage((stage) => seen.push(stage))();
    await recall(depsWith(fakeEmbedder()), alice, recallArgs('deploys'));
    expect(seen).toEqual([]);
  });
});

describe('a recall waiting for its query vector', () => {
  it('holds no transaction: card create and board answer meanwhile, and the recall finishes after', async () => {
    const { embedder, held } = heldEmbedder(fakeEmbedder());
    const order: string[] = [];
    const pending = recall(depsWith(embedder), alice, recallArgs('kubernetes')).then((out) => {
      order.push('recall');
      return out;
    });
    // The recall is now parked on the model.
    while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const scope = `project:${world.project.id}`;
    const created = await runCard({ database: world.database }, alice, {
      action: 'create',
      title: 'Card made while a recall waits',
      type: 'task',
      no_links: 'concurrency test',
      scope,
    } as never);
    order.push('card');
    const board = await runBoard({ database: world.database }, alice, { action: 'get', scope } as never);
    order.push('board');
    expect(created.action).toBe('create');
    expect(JSON.stringify(board)).toContain('Card made while a recall waits');
    held.splice(0).forEach((release) => release());
    const out = await pending;
    expect(order).toEqual(['card', 'board', 'recall']);
    expect(out.results[0]?.memory.content).toContain('Kubernetes');
  });
});

describe('a recall embedding its query', () => {
  it('plans its words meanwhile and waits for the vector only for the candidates statement', async () => {
    const { embedder, events, off } = vectorAfterPlan();
    try {
      const out = await recall(depsWith(embedder), alice, recallArgs('where does kubernetes run?'));
      expect(out.results[0]?.memory.content).toContain('Kubernetes');
    } finally {
      off();
    }
    const at = (event: string) => events.indexOf(event);
    expect(at('lexical_plan')).toBeGreaterThanOrEqual(0);
    expect(at('lexical_plan')).toBeLessThan(at('vector'));
    expect(at('vector')).toBeLessThan(at('vector_wait'));
    expect(at('vector_wait')).toBeLessThan(at('candidates'));
  });

  it('plans in a transaction of the caller (row-level security applies to its statistics)', async () => {
    const deps = depsWith(fakeEmbedder());
    const seen: { role: string; uid: string | null }[] = [];
    const retriever = {
      ...deps.retriever,
      async plan(tx: Parameters<NonNullable<typeof deps.retriever.plan>>[0], q: Parameters<NonNullable<typeof deps.retriever.plan>>[1]) {
        seen.push(...rowsOf<{ role: string; uid: string | null }>(await tx.execute(sql`select current_user::text as role, svc_uid()::text as uid`)));
        return deps.retriever.plan!(tx, q);
      },
    };
    const out = await recall({ ...deps, retriever }, alice, recallArgs('kubernetes'));
    expect(out.results[0]?.memory.content).toContain('Kubernetes');
    expect(seen).toEqual([{ role: 'svc_authenticated', uid: alice.userId }]);
  });
});

describe('a build_context embedding its task', () => {
  it('gathers its sections and plans the words meanwhile, and waits for the vector only to search', async () => {
    const { embedder, events, off } = vectorAfterPlan();
    try {
      const out = await buildContext(
        depsWith(embedder),
        alice,
        TOOLS.build_context.input.parse({ task: 'where does kubernetes run?', scope: `project:${world.project.id}` }),
      );
      expect(out.memories[0]?.memory.content).toContain('Kubernetes');
    } finally {
      off();
    }
    const at = (event: string) => events.indexOf(event);
    expect(at('lexical_plan')).toBeGreaterThanOrEqual(0);
    expect(at('lexical_plan')).toBeLessThan(at('vector'));
    expect(at('vector')).toBeLessThan(at('candidates'));
  });
});
