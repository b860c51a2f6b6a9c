// Fusion arithmetic and the tie-breaking order, without a database.
import { describe, expect, it } from 'vitest';
import { compareRanked, fuse, questionFactor, rrfFusion, scoreFusion, type Rankable } from './fusion';
import { resolveTuning } from './tuning';

const both = { lexical: true, vector: true, maxLex: 8 };

describe('score fusion', () => {
  const t = resolveTuning({ vectorWeight: 0.5, contextVectorWeight: 0 });

  it('is (lex/maxLex + w·cos) / (1 + w)', () => {
    expect(scoreFusion({ lexScore: 4, lexRank: 2, cosine: 0.6, vecRank: 1 }, both, t)).toBeCloseTo(
      (0.5 + 0.3) / 1.5,
      12,
    );
  });

  it('reaches 1 only for the best lexical match with cosine 1, and never leaves 0..1', () => {
    expect(scoreFusion({ lexScore: 8, lexRank: 1, cosine: 1, vecRank: 1 }, both, t)).toBe(1);
    expect(scoreFusion({ lexScore: null, lexRank: null, cosine: -0.4, vecRank: 9 }, both, t)).toBe(
      0,
    );
    expect(scoreFusion({ lexScore: 99, lexRank: 1, cosine: 3, vecRank: 1 }, both, t)).toBe(1);
  });

  it('leaves out the weight of a leg that did not run, so one leg alone still reaches 1', () => {
    const lexicalOnly = { lexical: true, vector: false, maxLex: 8 };
    expect(
      scoreFusion({ lexScore: 8, lexRank: 1, cosine: null, vecRank: null }, lexicalOnly, t),
    ).toBe(1);
    const vectorOnly = { lexical: false, vector: true, maxLex: 0 };
    expect(
      scoreFusion({ lexScore: null, lexRank: null, cosine: 0.7, vecRank: 1 }, vectorOnly, t),
    ).toBeCloseTo(0.7, 12);
  });
});

describe('score fusion with the adjacent memories\' cosine', () => {
  const t = resolveTuning({ vectorWeight: 0.5, contextVectorWeight: 0.5 });

  it('is (lex/maxLex + w·cos + c·ctxcos) / (1 + w + c)', () => {
    const s = { lexScore: 4, lexRank: 2, cosine: 0.2, vecRank: 9, contextCosine: 0.8 };
    expect(scoreFusion(s, both, t)).toBeCloseTo((0.5 + 0.1 + 0.4) / 2, 12);
  });

  it('lifts a short reply whose question, just before it, is close to the query', () => {
    const reply = { lexScore: 4, lexRank: 2, cosine: 0.2, vecRank: 9, contextCosine: 0.7 };
    const other = { lexScore: 4.4, lexRank: 1, cosine: 0.25, vecRank: 5, contextCosine: 0.1 };
    expect(scoreFusion(reply, both, t)).toBeGreaterThan(scoreFusion(other, both, t));
    const without = resolveTuning({ vectorWeight: 0.5, contextVectorWeight: 0 });
    expect(scoreFusion(reply, both, without)).toBeLessThan(scoreFusion(other, both, without));
  });

  it('uses its own cosine for a memory with no neighbours, so it is not put behind conversational ones', () => {
    const alone = { lexScore: 8, lexRank: 1, cosine: 0.6, vecRank: 1, contextCosine: null };
    expect(scoreFusion(alone, both, t)).toBeCloseTo((1 + 0.3 + 0.3) / 2, 12);
    // A search that did not look at neighbours leaves the weight out.
    expect(scoreFusion({ ...alone, contextCosine: undefined }, both, t)).toBeCloseTo(
      (1 + 0.3) / 1.5,
      12,
    );
    const vectorOnly = { lexical: false, vector: true, maxLex: 0 };
    expect(
      scoreFusion({ lexScore: null, lexRank: null, cosine: 0.7, vecRank: 1, contextCosine: null }, vectorOnly, t),
    ).toBeCloseTo(0.7, 12);
  });

  it('leaves the context weight out of a search without vectors', () => {
    const lexicalOnly = { lexical: true, vector: false, maxLex: 8 };
    const s = { lexScore: 8, lexRank: 1, cosine: null, vecRank: null, contextCosine: 0.9 };
    expect(scoreFusion(s, lexicalOnly, t)).toBe(1);
  });
});

describe('a memory that asks', () => {
  it('keeps 1 - questionPenalty of its score; other memories keep all of it', () => {
    const t = resolveTuning({ questionPenalty: 0.1 });
    expect(questionFactor(true, t)).toBeCloseTo(0.9, 12);
    expect(questionFactor(false, t)).toBe(1);
    expect(questionFactor(null, t)).toBe(1);
    expect(questionFactor(true, resolveTuning({ questionPenalty: 0 }))).toBe(1);
  });
});

describe('reciprocal rank fusion', () => {
  const t = resolveTuning({ fusion: 'rrf', rrfK: 10, rrfLexicalWeight: 1, rrfVectorWeight: 0.3 });

  it('sums w/(K + rank) over the legs, divided by the value of rank 1 in both', () => {
    const raw = 1 / (10 + 2) + 0.3 / (10 + 5);
    expect(rrfFusion({ lexScore: 1, lexRank: 2, cosine: 0.2, vecRank: 5 }, both, t)).toBeCloseTo(
      raw / (1.3 / 11),
      12,
    );
    expect(rrfFusion({ lexScore: 1, lexRank: 1, cosine: 0.2, vecRank: 1 }, both, t)).toBeCloseTo(
      1,
      12,
    );
  });

  it('counts a leg only where the memory was among its candidates', () => {
    const onlyVector = rrfFusion(
      { lexScore: null, lexRank: null, cosine: 0.9, vecRank: 1 },
      both,
      t,
    );
    expect(onlyVector).toBeCloseTo(0.3 / 11 / (1.3 / 11), 12);
  });

  it('is what fuse() uses when the tuning says rrf', () => {
    const s = { lexScore: 3, lexRank: 3, cosine: 0.5, vecRank: 2 };
    expect(fuse(s, both, t)).toBe(rrfFusion(s, both, t));
    expect(fuse(s, both, resolveTuning())).toBe(scoreFusion(s, both, resolveTuning()));
  });
});

describe('tie-breaking', () => {
  const base: Rankable = {
    memoryId: 'b',
    score: 0.5,
    kind: 'note',
    importance: 0.5,
    orderedAt: 1000,
  };

  it('orders equal scores by kind, then importance, then recency, then id', () => {
    const items: Rankable[] = [
      { ...base, memoryId: 'old-note', orderedAt: 1 },
      { ...base, memoryId: 'new-note', orderedAt: 2 },
      { ...base, memoryId: 'decision', kind: 'decision' },
      { ...base, memoryId: 'important-note', importance: 0.9 },
      { ...base, memoryId: 'best', score: 0.6 },
    ];
    expect(items.sort(compareRanked).map((i) => i.memoryId)).toEqual([
      'best',
      'decision',
      'important-note',
      'new-note',
      'old-note',
    ]);
  });
});
