// remember with a real indexer: what it answers and writes, now that it reads while the model embeds.
import { TOOLS } from '@svc/contract';
import { memories, rowsOf, type Database } from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedder, openWorld, silentLogger, store, type World } from '../../test/retrieval-support';
import { hybridIndexer } from '../retrieval/adapters';
import type { MemoryDeps } from './deps';
import { ftsRetriever } from './fts-retriever';
import { remember } from './remember';

let world: World;
const logger = silentLogger();

beforeAll(async () => {
  world = await openWorld();
});
afterAll(() => world.database.close());

/** The fake model, held until `release` (or failing then with `fail`): a test acts while remember waits on it. */
function heldEmbedder() {
  const model = fakeEmbedder('fake-held');
  let open!: (failWith?: Error) => void;
  const gate = new Promise<Error | undefined>((resolve) => (open = resolve));
  let called!: () => void;
  const asked = new Promise<void>((resolve) => (called = resolve));
  const embedder: Embedder = {
    ...model,
    async embed(texts, purpose) {
      called();
      const failure = await gate;
      if (failure) throw failure;
      return model.embed(texts, purpose);
    },
  };
  return { embedder, asked, release: () => open(), fail: (err: Error) => open(err) };
}

/** The world's database; `settled` counts the transactions that have ended, so a test can wait for the reads. */
function counted(database: Database) {
  const ended: (() => void)[] = [];
  let settled = 0;
  const next = () => new Promise<void>((resolve) => ended.push(resolve));
  const settle = () => {
    settled += 1;
    ended.splice(0).forEach((resolve) => resolve());
  };
  const wrapped: Database = {
    ...database,
    asUser: (ctx, fn, settings) => database.asUser(ctx, fn, settings).finally(settle),
    statementsAsUser: (ctx, fn, settings) => database.statementsAsUser(ctx, fn, settings).finally(settle),
  };
  return { database: wrapped, next, settled: () => settled };
}

function depsWith(embedder: Embedder, database: Database = world.database, withChecks = true): MemoryDeps {
  return {
    database,
    retriever: ftsRetriever,
    indexer: hybridIndexer({ embedder, logger }),
    logger,
    checks: withChecks ? { wake: () => undefined, enqueue: () => undefined } : null,
  };
}

/** A test user as the memory operations' caller. */
const actor = (who: World['alice']) => ({ userId: who.userId, aal: 'aal2' as const });
const args = (input: Record<string, unknown>) => TOOLS.remember.input.parse(input);
const count = async (table: string) =>
  rowsOf<{ n: number }>(await world.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe('remember beside its embedding', () => {
  it('answers as before: near-duplicates, the check marked due, a twin returned, superseding', async () => {
    const deps = depsWith(fakeEmbedder('fake-remember'));
    const first = await remember(deps, actor(world.alice), args({ content: 'We deploy the api on fridays', scope: 'personal' }));
    expect(first.created).toBe(true);
    expect(first.pending).toEqual(['conflict_check']);
    const due = rowsOf(await world.database.db.execute(sql`select 1 from memory_checks_due where memory_id = ${first.memory.id}::uuid`));
    expect(due).toHaveLength(1);

    // The same words again (stored anyway): the fake model's vector is the same, a near-duplicate.
    const near = await remember(deps, actor(world.alice), args({ content: 'We deploy the api on fridays', scope: 'personal', on_duplicate: 'store_anyway' }));
    expect(near.near_duplicates.map((d) => d.id)).toEqual([first.memory.id]);
    expect(near.near_duplicates[0]!.content).toBe('We deploy the api on fridays');

    const twin = await remember(deps, actor(world.alice), args({ content: 'We deploy the api on fridays', scope: 'personal' }));
    expect(twin).toMatchObject({ created: false, pending: [], near_duplicates: [] });
    expect([first.memory.id, near.memory.id]).toContain(twin.duplicate_of);

    const next = await remember(deps, actor(world.alice), args({ content: 'We deploy the api on fridays', scope: 'personal', on_duplicate: 'store_anyway', supersedes: [near.memory.id] }));
    expect(next.superseded).toEqual([near.memory.id]);
    // The superseded memory is no near-duplicate of its successor.
    expect(next.near_duplicates.map((d) => d.id)).toEqual([first.memory.id]);
  });

  it('attaches the project and hands out a thread that later calls keep', async () => {
    const deps = depsWith(fakeEmbedder('fake-remember'));
    const scope = `project:${world.project.id}`;
    const first = await remember(deps, actor(world.alice), args({ content: 'The build runs on every push', scope }));
    expect(first.session!.attached_project).toMatchObject({ id: world.project.id, name: 'retrieval' });
    const thread = first.session!.thread!;
    const next = await remember(deps, actor(world.alice), args({ content: 'Reviews need two approvals', thread }));
    expect(next.session).toMatchObject({ attached_project: { id: world.project.id, name: 'retrieval' }, thread });
    expect(next.memory.scope).toBe(scope);
  });

  it('refuses a scope of someone else without waiting for the model, and writes nothing', async () => {
    const held = heldEmbedder();
    const memoriesBefore = await count('memories');
    const refused = remember(depsWith(held.embedder), actor(world.bob), args({ content: 'Not mine to write', scope: `project:${world.project.id}` }));
    await expect(refused).rejects.toMatchObject({ code: 'forbidden' });
    held.release();
    expect(await count('memories')).toBe(memoriesBefore);
  });

  it('writes nothing when the embedding fails: no memory, no session, no check', async () => {
    for (const input of [
      { content: 'A fact the model never saw', scope: `project:${world.project.id}` },
      // A hint may create the project it names: those reads wait for the model, in the write.
      { content: 'Another fact the model never saw', project_hint: 'git@example.com:acme/never-made.git' },
    ]) {
      const held = heldEmbedder();
      const before = await Promise.all(['memories', 'mcp_sessions', 'memory_checks_due', 'projects'].map(count));
      const call = remember(depsWith(held.embedder), actor(world.alice), args(input));
      await held.asked;
      held.fail(new Error('the model is gone'));
      await expect(call).rejects.toThrow('the model is gone');
      expect(await Promise.all(['memories', 'mcp_sessions', 'memory_checks_due', 'projects'].map(count))).toEqual(before);
    }
  });

  it('keeps nothing when the vector is refused after the memory was inserted beside it', async () => {
    const model = fakeEmbedder('fake-remember');
    await remember(depsWith(model), actor(world.alice), args({ content: 'A vector of the right length', scope: 'personal' }));
    // One number too many for the model's vectors already stored: the vector's statement fails in the
    // database, behind the insert sent with it.
    const longer: Embedder = { ...model, embed: async (texts, purpose) => (await model.embed(texts, purpose)).map((v) => Float32Array.from([...v, 0])) };
    const before = await Promise.all(['memories', 'memory_embeddings', 'memory_checks_due'].map(count));
    await expect(remember(depsWith(longer), actor(world.alice), args({ content: 'A vector the database refuses', scope: 'personal' }))).rejects.toThrow(/dimensions/);
    expect(await Promise.all(['memories', 'memory_embeddings', 'memory_checks_due'].map(count))).toEqual(before);
  });

  it('stores the memory when its twin was retired while the model embedded', async () => {
    const [twinId] = await store(world, world.alice, [{ content: 'Lunch is at noon' }]);
    const held = heldEmbedder();
    const tracked = counted(world.database);
    const reads = tracked.next();
    const call = remember(depsWith(held.embedder, tracked.database), actor(world.alice), args({ content: 'Lunch is at noon', scope: 'personal' }));
    await reads; // the first transaction found the twin
    expect(tracked.settled()).toBe(1);
    await world.database.db.update(memories).set({ invalidatedAt: new Date() }).where(eq(memories.id, twinId!));
    held.release();
    const out = await call;
    expect(out.created).toBe(true);
    expect(out.memory.id).not.toBe(twinId);
  });

  it('without a check configured marks nothing due', async () => {
    const out = await remember(depsWith(fakeEmbedder('fake-remember'), world.database, false), actor(world.alice), args({ content: 'Standups are at nine', scope: 'personal' }));
    const due = rowsOf(await world.database.db.execute(sql`select 1 from memory_checks_due where memory_id = ${out.memory.id}::uuid`));
    expect(due).toHaveLength(0);
  });
});
