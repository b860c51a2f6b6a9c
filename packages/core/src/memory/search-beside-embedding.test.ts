// Work a search's plan hands over runs after the tool's answer, as the same caller, in a transaction of its own.
import { rowsOf, type Tx } from '@svc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorld, silentLogger, type World } from '../../test/retrieval-support';
import { hybridRetriever } from '../retrieval/adapters';
import type { MemoryDeps } from './deps';
import type { RecallQuery, Retriever } from './retriever';
import { searchBesideEmbedding } from './search-beside-embedding';

let world: World;
beforeAll(async () => {
  world = await openWorld();
});
afterAll(() => world.database.close());

describe('searchBesideEmbedding', () => {
  it('runs what the plan hands over after the answer, as the caller, in a transaction of its own', async () => {
    const seen: { uid: string | null; txid: string }[] = [];
    const transactions: string[] = [];
    const txid = async (tx: Tx) =>
      rowsOf<{ id: string }>(await tx.execute(sql`select txid_current()::text as id`))[0]!.id;
    const retriever: Retriever = {
      prepare: () => Promise.resolve('vector'),
      plan: async (tx, _query, afterAnswer) => {
        transactions.push(await txid(tx));
        afterAnswer!(async (later) => {
          const [row] = rowsOf<{ uid: string | null }>(await later.execute(sql`select svc_uid()::text as uid`));
          seen.push({ uid: row!.uid, txid: await txid(later) });
        });
        return 'planned';
      },
      search: async (tx) => {
        transactions.push(await txid(tx));
        return [];
      },
    };
    const deps = { database: world.database, retriever, logger: silentLogger() } as unknown as MemoryDeps;
    const query: RecallQuery = { query: 'rollout', k: 5, scopeIds: null, includeRetired: false };
    const answer = await searchBesideEmbedding(
      deps,
      { userId: world.alice.userId, aal: 'aal2' },
      'rollout',
      () => Promise.resolve({ query }),
      () => Promise.resolve('answered'),
    );
    expect(answer).toBe('answered');
    expect(seen).toEqual([]); // not before the answer
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]!.uid).toBe(world.alice.userId);
    expect(transactions).not.toContain(seen[0]!.txid);
  });

  it('plans the search once for all its runs only where the database keeps its statements prepared', async () => {
    const mode = async (tx: Tx) =>
      rowsOf<{ mode: string }>(await tx.execute(sql`select current_setting('plan_cache_mode') as mode`))[0]!.mode;
    const modes = async (keepsPlans: boolean) => {
      const seen: string[] = [];
      const retriever: Retriever = {
        ...hybridRetriever({ embedder: null, logger: silentLogger() }),
        prepare: () => Promise.resolve(null),
        plan: async (tx) => {
          seen.push(await mode(tx));
          return { lexical: null };
        },
        search: async (tx) => {
          seen.push(await mode(tx));
          return [];
        },
      };
      const deps = { database: { ...world.database, keepsPlans }, retriever, logger: silentLogger() } as unknown as MemoryDeps;
      const query: RecallQuery = { query: 'rollout', k: 5, scopeIds: null, includeRetired: false };
      await searchBesideEmbedding(deps, { userId: world.alice.userId, aal: 'aal2' }, 'rollout', () => Promise.resolve({ query }), () => Promise.resolve(null));
      return seen;
    };
    // The settings travel with the role's, so the words' plan has them too, statements apart or not.
    expect(await modes(true)).toEqual(['force_generic_plan', 'force_generic_plan']);
    expect(await modes(false)).toEqual(['auto', 'auto']);
  });
});
