import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitChunks } from './split-chunks';

describe('splitChunks', () => {
  it('keeps every chunk within the bound and loses nothing', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 500 }),
        fc.integer({ min: 2, max: 40 }),
        (text, max) => {
          const chunks = splitChunks(text, max);
          expect(chunks.join('')).toBe(text);
          for (const c of chunks) {
            expect(c.length).toBeLessThanOrEqual(max);
            expect(c.length).toBeGreaterThan(0);
            expect(c.isWellFormed()).toBe(true);
          }
        },
      ),
    );
  });

  it('cuts after a line break when one is in reach', () => {
    expect(splitChunks('aaaa\nbbbb\ncc', 6)).toEqual(['aaaa\n', 'bbbb\n', 'cc']);
  });

  it('splits exactly at the contract size of 24000', () => {
    const text = 'x'.repeat(24000) + 'y';
    expect(splitChunks(text, 24000).map((c) => c.length)).toEqual([24000, 1]);
    expect(splitChunks('x'.repeat(24000), 24000)).toHaveLength(1);
  });

  it('refuses a bound that cannot hold a character', () => {
    expect(() => splitChunks('abc', 1)).toThrow(RangeError);
  });
});
