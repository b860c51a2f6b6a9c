// Cursors continue only the listing they were made for.
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, fingerprint, isOffset } from './page-cursor';

describe('page cursors', () => {
  const print = fingerprint({ query: 'deploy', kinds: ['fact'] });

  it('round-trips a position', () => {
    expect(decodeCursor(encodeCursor(40, print), print, isOffset)).toBe(40);
    expect(decodeCursor(undefined, print, isOffset)).toBeUndefined();
  });

  it('refuses a cursor of another listing or a forged one with validation_failed', () => {
    const other = fingerprint({ query: 'release' });
    expect(() => decodeCursor(encodeCursor(40, print), other, isOffset)).toThrow(/cursor does not belong/);
    expect(() => decodeCursor('not-a-cursor', print, isOffset)).toThrow(expect.objectContaining({ code: 'validation_failed' }));
    expect(() => decodeCursor(encodeCursor(-1, print), print, isOffset)).toThrow(/cursor/);
  });

  it('stays well under the contract cursor bound', () => {
    expect(encodeCursor({ t: '2025-11-22T11:00:00.000Z', id: '0f8fad5b-d9cb-469f-a165-70867728950e' }, print).length).toBeLessThan(200);
  });
});
