import { describe, expect, it } from 'vitest';
import { safeNext, withNext } from './safe-next';

describe('safeNext', () => {
  it('keeps a path on the dashboard with its query and fragment', () => {
    expect(safeNext('/oauth/consent?id=abc')).toBe('/oauth/consent?id=abc');
    expect(safeNext('/memories?q=tea#top')).toBe('/memories?q=tea#top');
  });

  it.each([
    ['absolute URL', 'https://evil.example/x'],
    ['protocol-relative', '//evil.example/x'],
    ['backslash host', '/\\evil.example'],
    ['backslash later', '/a\\b'],
    ['scheme', 'javascript:alert(1)'],
    ['relative without slash', 'memories'],
    ['tab folded by browsers', '/\t/evil.example'],
    ['newline', '/a\nb'],
    ['empty', ''],
  ])('refuses %s', (_what, raw) => {
    expect(safeNext(raw)).toBe('/memories');
  });

  it('falls back when there is nothing, to the given page', () => {
    expect(safeNext(null)).toBe('/memories');
    expect(safeNext(undefined, '/settings')).toBe('/settings');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeNext('/a/../../memories')).toBe('/memories');
  });

  it('builds a sign-in address that carries the way back', () => {
    expect(withNext('/login', '/oauth/consent?id=a&b=c')).toBe('/login?next=%2Foauth%2Fconsent%3Fid%3Da%26b%3Dc');
    expect(withNext('/login', 'https://evil.example')).toBe('/login?next=%2Fmemories');
  });
});
