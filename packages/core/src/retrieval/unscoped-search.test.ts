// A search naming no scope: it finds what the visibility rule lets through, and reads the counts by the caller's own rows (migration 0041).
import { projectMembers, rowsOf, setProjectMember } from '@svc/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedPlan } from '../../test/prepared-plan';
import { openWorld, store, type World } from '../../test/retrieval-support';
import { lexicalScores } from './lexical-scores';
import { termStatsStatement } from './sql/term-stats';
import { resolveTuning } from './tuning';

let world: World;
const tuning = resolveTuning({});
const ids = { bobInProject: '', bobPersonal: '', aliceInProject: '', alicePersonal: '' };

/** The one memory a single-row store wrote. */
async function only(...args: Parameters<typeof store>): Promise<string> {
  const [id] = await store(...args);
  return id!;
}

beforeAll(async () => {
  world = await openWorld();
  // Bob writes into alice's project while a member, then leaves it: his memory there is still his.
  await world.database.system((tx) => setProjectMember(tx, world.project.id, world.bob.userId, 'writer'));
  ids.bobInProject = await only(world, world.bob, [{ content: 'quokka habitat survey notes', scopeId: world.project.scope }]);
  ids.bobPersonal = await only(world, world.bob, [{ content: 'the quokka diet is leaves' }]);
  ids.aliceInProject = await only(world, world.alice, [{ content: 'quokka photos from the island', scopeId: world.project.scope }]);
  ids.alicePersonal = await only(world, world.alice, [{ content: 'a quokka smiled at me' }]);
  await world.database.system((tx) =>
    tx.delete(projectMembers).where(and(eq(projectMembers.projectId, world.project.id), eq(projectMembers.userId, world.bob.userId))),
  );
}, 60_000);
afterAll(() => world.database.close());

const found = async (who: World['alice']) =>
  new Set((await world.database.asUser(who, (tx) => lexicalScores(tx, 'quokka', {}, tuning))).map((r) => r.memoryId));

describe('a search naming no scope', () => {
  it('finds the caller’s own memories, also in a scope they no longer read, and what they may read of others', async () => {
    expect(await found(world.bob)).toEqual(new Set([ids.bobInProject, ids.bobPersonal]));
    expect(await found(world.alice)).toEqual(new Set([ids.bobInProject, ids.aliceInProject, ids.alicePersonal]));
  });

  it('keeps the scopes it bounds a search by to the search functions: a signed-in role may not ask for another user’s', async () => {
    await expect(
      world.database.asUser(world.bob, (tx) =>
        tx.execute(sql`select svc_searched_scope_ids(null, ${world.alice.userId}::uuid, '{}'::uuid[])`),
      ),
    ).rejects.toThrow(/permission denied/);
  });

  it('reads its words’ counts and its collection’s size through the caller’s rows, with the same figures', async () => {
    const statement = termStatsStatement([{ lexeme: 'quokka', qtf: 1 }], {}, true);
    const before = await world.database.asUser(world.bob, (tx) => tx.execute(statement));
    // Many other users holding the same word, each in a scope of their own.
    await world.database.system(async (tx) => {
      await tx.execute(sql`insert into memory_search_words (lexeme, scope_id, owner_id, docs)
        select 'quokka', gen_random_uuid(), gen_random_uuid(), 3 from generate_series(1, 3000)`);
      // And many words of a few rows each, as a store has: a plan for any word then expects few rows.
      await tx.execute(sql`insert into memory_search_words (lexeme, scope_id, owner_id, docs)
        select 'word' || i, gen_random_uuid(), gen_random_uuid(), 1 from generate_series(1, 30000) i`);
      await tx.execute(sql`insert into memory_search_totals (scope_id, owner_id, docs, own_length, context_length)
        select gen_random_uuid(), gen_random_uuid(), 3, 12, 0 from generate_series(1, 3000)`);
      await tx.execute(sql`analyze memory_search_words`);
      await tx.execute(sql`analyze memory_search_totals`);
    });
    const after = await world.database.asUser(world.bob, (tx) => tx.execute(statement));
    expect(rowsOf(after)).toEqual(rowsOf(before));
    expect(rowsOf<{ docs: number[]; n: number }>(after)[0]).toMatchObject({ docs: [2], n: 2 });
    // Planned for these values, and on the embedded database once for all, as its thread runs a
    // search (PostgreSQL plans each run: Database.keepsPlans).
    const modes: Record<string, string>[] = world.database.kind === 'embedded' ? [{}, { plan_cache_mode: 'force_generic_plan' }] : [{}];
    for (const settings of modes) {
      const plan = await preparedPlan(world.database, world.bob, statement, settings);
      expect(plan).toContain('memory_search_words_owner_idx');
      expect(plan).toContain('memory_search_totals_owner_idx');
      // No range of the word's key alone: that one holds every user's row of it.
      expect(plan).not.toMatch(/Index Cond: \(lexeme = [^)]*\)\n/);
    }
  });
});
