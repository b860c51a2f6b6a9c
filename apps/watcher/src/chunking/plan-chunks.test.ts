// Chunks stay under the size, cut between turns whenever a turn fits, and lose or repeat nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTINUED, CONTINUES, planChunks } from './plan-chunks';

const unmark = (chunks: string[]) =>
  chunks.map((c) => c.replace(CONTINUED, '').replace(CONTINUES, '')).join('');

describe('planChunks', () => {
  it('never exceeds the size and keeps every character once, in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 400 }), { maxLength: 40 }),
        fc.integer({ min: 100, max: 1000 }),
        (turns, max) => {
          const chunks = planChunks(turns, max);
          expect(chunks.every((c) => c.length <= max && c.length > 0)).toBe(true);
          expect(unmark(chunks)).toBe(turns.join(''));
        },
      ),
    );
  });

  it('cuts only between turns when every turn fits', () => {
    const turns = Array.from(
      { length: 30 },
      (_, i) => `user:\nturn ${i} ${'x'.repeat(50 + i * 7)}\n\n`,
    );
    const chunks = planChunks(turns, 600);
    let at = 0;
    for (const chunk of chunks) {
      // Each chunk is a run of whole turns.
      let joined = '';
      while (joined.length < chunk.length) joined += turns[at++];
      expect(joined).toBe(chunk);
    }
    expect(at).toBe(turns.length);
  });

  it('cuts a turn longer than a chunk and marks each cut as continued', () => {
    const long = `assistant:\n${'word '.repeat(300)}\n\n`;
    const chunks = planChunks(['user:\nhi\n\n', long, 'user:\nthanks\n\n'], 500);
    expect(chunks[0]).toBe('user:\nhi\n\n');
    expect(chunks[1]?.endsWith(CONTINUES)).toBe(true);
    expect(chunks[2]?.startsWith(CONTINUED)).toBe(true);
    expect(chunks.at(-1)).toBe('user:\nthanks\n\n');
    expect(chunks.every((c) => c.length <= 500)).toBe(true);
  });
});
