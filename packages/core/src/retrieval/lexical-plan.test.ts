// The lexical plan counts a word once per lifetime of cached collection statistics (large collections), every time otherwise.
import type { Executor } from '@svc/db';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openWorld, store, type World } from '../../test/retrieval-support';
import { clearStatsCache, rememberStats, statsKey, STATS_CACHE_MIN_DOCS, STATS_TTL_MS } from './collection-stats';
import type { AfterAnswer } from './deps';
import { planLexical, withinHitBudget } from './lexical-plan';
import { resolveTuning } from './tuning';

let world: World;
const tuning = resolveTuning({ commonTermDocs: 2 });

beforeAll(async () => {
  world = await openWorld();
  await store(world, world.alice, [
    { content: 'rollout rollout checklist', scopeId: world.project.scope },
    { content: 'rollout notes for the canary', scopeId: world.project.scope },
    { content: 'rollout window on sunday', scopeId: world.project.scope },
  ]);
});
afterAll(() => world.database.close());
afterEach(() => clearStatsCache());

/** Plans as alice in her project, counting the statements the plan runs. */
function plan(lexemes: string[]) {
  return planCounting(lexemes, [world.project.scope], tuning);
}

async function planCounting(lexemes: string[], scopeIds: string[], using: typeof tuning, afterAnswer?: AfterAnswer) {
  const filters = { scopeIds };
  let statements = 0;
  const result = await world.database.asUser(world.alice, (tx) => {
    const counting = new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return (q: Parameters<typeof tx.execute>[0]) => {
          statements += 1;
          return target.execute(q);
        };
      },
    }) as Executor;
    const terms = lexemes.map((lexeme) => ({ lexeme, qtf: 1 }));
    return planLexical(counting, terms, filters, using, world.alice.userId, afterAnswer);
  });
  return { result, statements };
}

/** As if the collection were large: its statistics are cached, as they are from STATS_CACHE_MIN_DOCS on. */
function pretendLarge() {
  const key = statsKey(world.alice.userId, { scopeIds: [world.project.scope] });
  rememberStats(key, { n: STATS_CACHE_MIN_DOCS, avgOwn: 4, avgCtx: 1 });
}

describe('planLexical', () => {
  it('with cached statistics, counts a word once and then reuses its frequency', async () => {
    pretendLarge();
    const first = await plan(['rollout', 'canari']);
    expect(first.statements).toBe(1);
    const rollout = first.result!.terms.find((t) => t.lexeme === 'rollout')!;
    expect(rollout.common).toBe(true);
    expect(first.result!.terms.find((t) => t.lexeme === 'canari')).toMatchObject({ common: false, df: 1 });
    // Neither word is counted again while the statistics are fresh.
    const again = await plan(['rollout', 'canari']);
    expect(again.statements).toBe(0);
    expect(again.result!.terms).toEqual(first.result!.terms);
    const commonOnly = await plan(['rollout']);
    expect(commonOnly.statements).toBe(0);
    expect(commonOnly.result!.terms).toEqual([rollout]);
    expect(commonOnly.result!.stats.n).toBe(STATS_CACHE_MIN_DOCS);
  });

  it('counts a word found nowhere again, so a memory stored since is found by it', async () => {
    pretendLarge();
    const missing = await plan(['zeppelin']);
    expect(missing.result).toBeNull();
    const [id] = await store(world, world.alice, [{ content: 'the zeppelin hangar', scopeId: world.project.scope }]);
    const found = await plan(['zeppelin']);
    expect(found.statements).toBe(1);
    expect(found.result!.terms).toEqual([{ lexeme: 'zeppelin', qtf: 1, common: false, df: 1 }]);
    await world.database.asUser(world.alice, (tx) => tx.execute(sql`delete from memories where id = ${id}::uuid`));
  });

  it('without cached statistics (a small collection), counts every word every time', async () => {
    const first = await plan(['rollout', 'canari']);
    const again = await plan(['rollout']);
    expect(first.statements).toBe(1);
    expect(again.statements).toBe(1);
    expect(first.result!.stats.n).toBe(3);
    expect(again.result!.terms[0]).toMatchObject({ lexeme: 'rollout', common: true });
  });
});

describe('planLexical on a collection large enough to cache', () => {
  const defaults = resolveTuning({});
  beforeAll(async () => {
    // Alice's personal scope: every memory says "ledger", every second "audit", every fourth "zebra".
    await world.database.asUser(world.alice, (tx) =>
      tx.execute(sql`insert into memories (owner_id, scope_id, content)
        select ${world.alice.userId}::uuid, ${world.alice.personal}::uuid,
          'ledger entry ' || g || case when g % 2 = 0 then ' audit' else '' end || case when g % 4 = 0 then ' zebra' else '' end
        from generate_series(1, ${STATS_CACHE_MIN_DOCS}) g`),
    );
  }, 120_000);

  const planPersonal = (lexemes: string[]) => planCounting(lexemes, [world.alice.personal], defaults);

  it('gives common words their exact frequency, each looked up once while the statistics are fresh', async () => {
    const first = await planPersonal(['ledger']);
    expect(first.statements).toBe(1);
    expect(first.result!.stats.n).toBe(STATS_CACHE_MIN_DOCS);
    expect(first.result!.terms).toEqual([{ lexeme: 'ledger', qtf: 1, common: true, df: STATS_CACHE_MIN_DOCS }]);
    const both = await planPersonal(['ledger', 'audit', 'zebra']);
    expect(both.statements).toBe(1); // "audit" and "zebra" only
    expect(both.result!.terms.map((t) => [t.lexeme, t.df, t.common])).toEqual([
      ['ledger', STATS_CACHE_MIN_DOCS, true],
      ['audit', STATS_CACHE_MIN_DOCS / 2, true],
      ['zebra', STATS_CACHE_MIN_DOCS / 4, true],
    ]);
    expect((await planPersonal(['zebra', 'audit'])).statements).toBe(0);
  });

  it('uses stale statistics and counts them again after the answer, once, where the caller can', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const later: Parameters<AfterAnswer>[0][] = [];
      const afterAnswer: AfterAnswer = (work) => later.push(work);
      const planStale = (lexemes: string[]) => planCounting(lexemes, [world.alice.personal], defaults, afterAnswer);
      expect((await planStale(['ledger'])).result!.stats.n).toBe(STATS_CACHE_MIN_DOCS);
      expect(later).toHaveLength(0); // fresh: nothing to do after the answer
      await world.database.asUser(world.alice, (tx) =>
        tx.execute(sql`insert into memories (owner_id, scope_id, content) values
          (${world.alice.userId}::uuid, ${world.alice.personal}::uuid, 'ledger entry written later')`),
      );
      vi.setSystemTime(Date.now() + STATS_TTL_MS + 1);
      // Stale: answered from the statistics and the words already known, not a statement run;
      // two searches before the recount ran schedule it once.
      const stale = await planStale(['ledger']);
      expect(stale.statements).toBe(0);
      expect(stale.result!.stats.n).toBe(STATS_CACHE_MIN_DOCS);
      expect((await planStale(['ledger'])).statements).toBe(0);
      expect(later).toHaveLength(1);
      // A word counted meanwhile joins the stale statistics without making them look fresh.
      const zebra = await planStale(['zebra']);
      expect(zebra.statements).toBe(1);
      expect(zebra.result!.stats.n).toBe(STATS_CACHE_MIN_DOCS);
      // The recount claimed first never runs (its transaction could not open): the claim lapses
      // after the statistics' lifetime, and the next stale search hands over another.
      vi.setSystemTime(Date.now() + STATS_TTL_MS + 1);
      await planStale(['ledger']);
      expect(later).toHaveLength(2);
      await world.database.asUser(world.alice, (tx) => later[1]!(tx));
      const recounted = await planStale(['ledger']);
      expect(recounted.statements).toBe(1); // the words went with the old statistics
      expect(recounted.result!.stats.n).toBe(STATS_CACHE_MIN_DOCS + 1);
      expect(recounted.result!.terms[0]!.df).toBe(STATS_CACHE_MIN_DOCS + 1);
      expect(later).toHaveLength(2);
      // A caller with nowhere to run it later counts stale statistics before it answers.
      vi.setSystemTime(Date.now() + STATS_TTL_MS + 1);
      const inline = await planPersonal(['ledger']);
      expect(inline.statements).toBe(1);
      expect(inline.result!.stats.n).toBe(STATS_CACHE_MIN_DOCS + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('withinHitBudget', () => {
  const term = (lexeme: string, df: number, common = false) => ({ lexeme, qtf: 1, df, common });

  it('keeps the rarest words uncommon while together they match up to the bound, and counts the rest as common', () => {
    const planned = [term('deploy', 600), term('kelvar', 40), term('window', 450), term('the', 5000, true), term('rollback', 300)];
    const out = withinHitBudget(planned, 1000);
    expect(out.map((t) => [t.lexeme, t.common])).toEqual([
      ['deploy', true],
      ['kelvar', false],
      ['window', false],
      ['the', true],
      ['rollback', false],
    ]);
    expect(out.map((t) => t.df)).toEqual(planned.map((t) => t.df));
  });

  it('always leaves the rarest word to lead, and changes nothing under the bound', () => {
    expect(withinHitBudget([term('audit', 900), term('ledger', 950)], 1000).map((t) => t.common)).toEqual([false, true]);
    const small = [term('a', 10), term('b', 20)];
    expect(withinHitBudget(small, 1000)).toBe(small);
  });
});

