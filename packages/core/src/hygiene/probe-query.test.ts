// The check's index probe must let through every memory that shares enough words (the count decides the rest).
import { describe, expect, it } from 'vitest';
import { MAX_PROBE_PAIRS, probeQuery } from './candidates';

/** The probe as PostgreSQL reads it here: an OR of terms, each an AND of quoted lexemes. */
function matches(query: string, words: Set<string>): boolean {
  return query.split(' | ').some((term) => term.split(' & ').every((w) => words.has(w.slice(1, -1))));
}

/** A small deterministic generator, so a failure is the same failure again. */
function random(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

describe('probeQuery', () => {
  it('matches every word set sharing at least the bound, for word counts up to 30', () => {
    const next = random(7);
    const vocabulary = Array.from({ length: 60 }, (_, i) => 'w'.repeat(1 + (i % 9)) + String(i));
    for (let round = 0; round < 3000; round += 1) {
      const n = 1 + Math.floor(next() * 30);
      const words = [...new Set(Array.from({ length: n }, () => vocabulary[Math.floor(next() * vocabulary.length)]!))];
      const atLeast = Math.max(1, Math.ceil(words.length * 0.5));
      const query = probeQuery(words, atLeast);
      // Another memory sharing exactly `atLeast` of them (any ones) plus words of its own.
      const shared = [...words].sort(() => next() - 0.5).slice(0, atLeast);
      const other = new Set([...shared, 'unrelated', 'other']);
      expect(matches(query, other), `${query} / ${shared.join(' ')}`).toBe(true);
    }
  });

  it('asks for pairs while they are few, single words otherwise', () => {
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
    // 6 words, 3 needed: any 5 hold two of them; 10 pairs.
    expect(probeQuery(words, 3).split(' | ')).toHaveLength(10);
    expect(probeQuery(words, 3)).toContain(' & ');
    // One word needed: single words.
    expect(probeQuery(words, 1)).not.toContain(' & ');
    const many = Array.from({ length: 40 }, (_, i) => `word${i}`);
    const pairsFrom = 40 - 20 + 2;
    expect((pairsFrom * (pairsFrom - 1)) / 2).toBeGreaterThan(MAX_PROBE_PAIRS);
    expect(probeQuery(many, 20)).not.toContain(' & ');
  });
});
