// The lexical similarity used when no embedder is configured.
import { describe, expect, it } from 'vitest';
import { contentWords, wordSimilarity } from './word-similarity';

describe('wordSimilarity', () => {
  it('is 1 for the same words in another order and case, plurals folded', () => {
    expect(wordSimilarity('The deploy runs on Fridays', 'fridays: deploys run')).toBeCloseTo(1);
  });

  it('is 0 when only stop words are shared', () => {
    expect(wordSimilarity('the cat is on the mat', 'it is the dog')).toBe(0);
    expect(wordSimilarity('', 'anything')).toBe(0);
  });

  it('ranks a near duplicate above a loosely related text', () => {
    const base = 'Staging database lives at db.staging.example.org';
    const near = wordSimilarity(base, 'The staging database lives at db.staging.example.org now');
    const loose = wordSimilarity(base, 'Production database is managed by the ops team');
    expect(near).toBeGreaterThan(0.75);
    expect(loose).toBeLessThan(0.4);
  });

  it('keeps letters of other scripts', () => {
    expect(contentWords('Grüße, Köln!')).toEqual(['grüße', 'köln']);
  });
});
