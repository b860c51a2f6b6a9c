// The explanation sentence: query words rather than stems, and only the signals that matched.
import { describe, expect, it } from 'vitest';
import { displayWord, explain } from './why';

describe('why', () => {
  it('shows the query word a stem came from', () => {
    expect(displayWord('carolin', ['What', 'did', 'Caroline', 'paint'])).toBe('Caroline');
    expect(displayWord('happi', ['was', 'she', 'happy'])).toBe('happy');
    expect(displayWord('xyz', ['nothing', 'close'])).toBe('xyz');
  });

  it('names each matched signal in one sentence', () => {
    const why = explain(
      {
        ownTerms: ['paint'],
        speakerTerms: ['carolin'],
        contextTerms: ['lake'],
        cosine: 0.4213,
        vectorUsed: true,
      },
      'Did Caroline paint the lake?',
    );
    expect(why).toBe(
      'Matches "paint"; said by "Caroline"; its neighbouring memories mention "lake"; close in meaning (0.42).',
    );
  });

  it('names the memory beside it only when that one is closer in meaning than the memory itself', () => {
    const base = { ownTerms: [], speakerTerms: [], contextTerms: ['pet'], cosine: 0.2, vectorUsed: true };
    expect(explain({ ...base, contextCosine: 0.61 }, 'What pets does Melanie have?')).toBe(
      'Its neighbouring memories mention "pets"; close in meaning (0.20); the memory beside it is closer in meaning (0.61).',
    );
    expect(explain({ ...base, contextCosine: 0.1 }, 'pets')).not.toMatch(/beside/);
    expect(explain({ ...base, contextCosine: null }, 'pets')).not.toMatch(/beside/);
    expect(explain({ ...base, contextCosine: 0.61, vectorUsed: false, cosine: null }, 'pets')).not.toMatch(
      /beside/,
    );
  });

  it('caps the word list and says when nothing matched', () => {
    const why = explain(
      {
        ownTerms: ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'],
        speakerTerms: [],
        contextTerms: [],
        cosine: null,
        vectorUsed: false,
      },
      '',
    );
    expect(why).toBe('Matches "a1", "b2", "c3", "d4" and 2 more.');
    expect(
      explain(
        { ownTerms: [], speakerTerms: [], contextTerms: [], cosine: null, vectorUsed: false },
        'q',
      ),
    ).toMatch(/no word or meaning matched/);
  });
});
