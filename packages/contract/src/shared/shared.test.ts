// Shared pieces: unbiased random tokens, scope targets, sessions, the memory view and byte counting.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryView } from './memory-view';
import { BASE62_ALPHABET, randomBase62 } from './random';
import { projectScope, scopeTarget } from './scope';
import { mintThreadToken, sessionSchema, threadToken } from './session';
import { utf8Bytes } from './text';
import { memory } from '../../test/fixtures';

describe('random base62', () => {
  it('draws only from the alphabet, at the asked length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (n) => {
        const s = randomBase62(n);
        return s.length === n && [...s].every((c) => BASE62_ALPHABET.includes(c));
      }),
    );
    expect(() => randomBase62(0)).toThrow(RangeError);
  });

  it('uses every character about equally often', () => {
    const counts = new Map<string, number>();
    for (const c of randomBase62(62_000)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 1000 each; a modulo bias would push the first 8 characters to about 1030.
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(200);
  });
});

describe('scope target', () => {
  it('is "personal" or "project:<uuid>"', () => {
    fc.assert(
      fc.property(fc.uuid({ version: 4 }), (id) => scopeTarget.safeParse(projectScope(id)).success),
    );
    expect(scopeTarget.safeParse('personal').success).toBe(true);
    for (const bad of ['Personal', 'project:', 'project:billing', `user:${'0'.repeat(8)}`, '']) {
      expect(scopeTarget.safeParse(bad).success).toBe(false);
    }
  });
});

describe('session', () => {
  it('mints thread tokens its schema accepts', () => {
    for (let i = 0; i < 100; i++)
      expect(threadToken.safeParse(mintThreadToken()).success).toBe(true);
    expect(threadToken.safeParse('thr_short').success).toBe(false);
  });

  it('carries the attached project and an optional thread', () => {
    expect(sessionSchema.safeParse({ attached_project: null }).success).toBe(true);
    expect(sessionSchema.safeParse({}).success).toBe(false);
  });
});

describe('memory view', () => {
  it('accepts the glossary fields and a calendar date for event_at', () => {
    expect(memoryView.safeParse(memory({ event_at: '2025-11-20' })).success).toBe(true);
    expect(memoryView.safeParse(memory({ status: 'deleted' as never })).success).toBe(false);
  });
});

describe('utf8Bytes', () => {
  it('counts bytes, not characters', () => {
    expect(utf8Bytes('abc')).toBe(3);
    expect(utf8Bytes('é')).toBe(2);
    expect(utf8Bytes('’')).toBe(3);
  });
});
