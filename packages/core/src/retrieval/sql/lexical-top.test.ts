// The lexical leg runs before the vector is there; the candidates statement after it scores exactly the memories that leg scored.
import { rowsOf } from '@svc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorld, silentLogger, store, storeNamedVectors, unitVector, type World } from '../../../test/retrieval-support';
import { planSearch } from '../hybrid-search';
import { lexicalScores } from '../lexical-scores';
import { resolveTuning, type RetrievalTuning } from '../tuning';
import type { HybridSearchOptions } from '../types';
import { candidatesStatement, type CandidateRow } from './candidates';

const MODEL = 'fake-16';
let world: World;

beforeAll(async () => {
  world = await openWorld();
});
afterAll(() => world.database.close());

const near = unitVector(1, 0.05);
const far = unitVector(0.05, 1);
const query = unitVector(1, 0);

/** The search's two statements as recall runs them, in one transaction here; the candidates by id. */
async function candidates(options: HybridSearchOptions, tuning: RetrievalTuning, depth: number) {
  return world.database.asUser(world.alice, async (tx) => {
    const planned = await planSearch(tx, options, { embedder: null, logger: silentLogger(), tuning });
    const rows = rowsOf<CandidateRow>(
      await tx.execute(
        candidatesStatement({
          filters: options,
          lexical: planned.lexical,
          vector: { model: MODEL, vector: query },
          depth,
          tuning,
        }),
      ),
    );
    return { top: planned.lexical?.top ?? [], byId: new Map(rows.map((r) => [r.memory_id, r])) };
  });
}

async function fullLeg(query: string, options: HybridSearchOptions, tuning: RetrievalTuning) {
  const scores = await world.database.asUser(world.alice, (tx) => lexicalScores(tx, query, options, tuning));
  return new Map(scores.map((s) => [s.memoryId, s.score]));
}

describe('the lexical leg before the vector', () => {
  it('gives candidates outside its best hits the scores the whole leg gives them', async () => {
    const scope = world.project.scope;
    const texts = Array.from({ length: 8 }, (_, i) => `kiln ${'glaze '.repeat(8 - i)}batch ${i}`);
    const ids = await store(world, world.alice, [...texts, 'a garden note', 'the garden shed'].map((content) => ({ content, scopeId: scope })));
    // The vector leg brings the lexically weakest kiln memories and a garden note.
    const vectors = Object.fromEntries(ids.map((id, i) => [id, [5, 6, 7, 8].includes(i) ? near : far]));
    await storeNamedVectors(world, MODEL, Object.fromEntries(ids.map((id) => [id, id])), vectors);
    const options = { query: 'kiln glaze', k: 1, scopeIds: [scope] };
    const tuning = resolveTuning({ candidateDepth: 1 });
    const { top, byId } = await candidates(options, tuning, 5);
    const leg = await fullLeg(options.query, options, tuning);
    expect(top).toEqual([...leg.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5).map(([id]) => id));
    const outside = ids.slice(5, 8);
    for (const id of outside) expect(top).not.toContain(id);
    for (const [id, row] of byId) {
      if (leg.has(id)) expect(Number(row.lex_score), id).toBeCloseTo(leg.get(id)!, 9);
      else expect(row.lex_score, id).toBeNull();
      expect(row.lex_rank === null ? null : top[row.lex_rank - 1]).toBe(top.includes(id) ? id : null);
    }
    // The weak kiln memories came by their vectors and kept their lexical scores; the garden note has none.
    for (const id of [...outside, ids[8]!]) expect(byId.has(id), id).toBe(true);
    expect(byId.get(outside[0]!)!.own_terms).toEqual(['glaze', 'kiln']);
  });

  it('scores no memory outside the window of the newest matches when every word is common', async () => {
    const scope = world.project.scope;
    const ids = await store(world, world.alice, [
      { content: 'platform crew standup notes', scopeId: scope },
      { content: 'platform crew offsite agenda', scopeId: scope },
      { content: 'the platform crew hiring plan', scopeId: scope },
    ]);
    // The oldest match, outside the window, is the vector leg's nearest.
    await storeNamedVectors(world, MODEL, { a: ids[0]!, b: ids[1]!, c: ids[2]! }, { a: query, b: far, c: far });
    const options = { query: 'platform crew', k: 1, scopeIds: [scope] };
    const tuning = resolveTuning({ commonTermDocs: 1, commonConjunctionDocs: 2 });
    const { byId } = await candidates(options, tuning, 5);
    const leg = await fullLeg(options.query, options, tuning);
    expect(new Set(leg.keys())).toEqual(new Set([ids[1], ids[2]]));
    expect(byId.has(ids[0]!)).toBe(true);
    expect(byId.get(ids[0]!)!.lex_score).toBeNull();
    for (const id of [ids[1]!, ids[2]!]) expect(Number(byId.get(id)!.lex_score)).toBeCloseTo(leg.get(id)!, 9);
  });
});
