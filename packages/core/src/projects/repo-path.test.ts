// One spelling per checkout directory, whatever the shell or operating system wrote.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeRepoPath, normalizeRepoPath, repoPathName } from './repo-path';

describe('normalizeRepoPath', () => {
  it.each([
    ['/home/me/code/api/', '/home/me/code/api'],
    ['/home/me//code/./api', '/home/me/code/api'],
    ['/home/me/code/web/../api', '/home/me/code/api'],
    ['/home/me/code/api/.git', '/home/me/code/api'],
    ['/../api', '/api'],
    ['~/code/api', '~/code/api'],
    ['~', '~'],
    ['~/', '~'],
    ['C:\\Users\\Me\\Code\\API\\', 'c:/Users/Me/Code/API'],
    ['c:/', 'c:/'],
    ['\\\\server\\share\\api', '//server/share/api'],
    ['file:///home/me/api', '/home/me/api'],
    ['./api', 'api'],
    ['../shared/api', '../shared/api'],
    ['/', '/'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeRepoPath(input)).toBe(expected);
  });

  it('names a path by its last directory', () => {
    expect(repoPathName('/home/me/code/memory-service')).toBe('memory-service');
    expect(repoPathName('~')).toBe('~');
  });

  it('is idempotent', () => {
    const segment = fc.oneof(
      fc.constantFrom('.', '..', '', '.git', '~'),
      fc.stringMatching(/^[A-Za-z0-9 ._-]{1,10}$/),
    );
    const path = fc
      .tuple(
        fc.constantFrom(
          '',
          '/',
          '//',
          '~/',
          '~',
          'C:\\',
          'c:/',
          './',
          '../',
          '\\\\srv\\',
          'file://',
        ),
        fc.array(segment, { maxLength: 8 }),
        fc.constantFrom('/', '\\', '//'),
      )
      .map(([root, parts, sep]) => root + parts.join(sep));
    fc.assert(
      fc.property(fc.oneof(path, fc.string()), (value) => {
        const once = normalizeRepoPath(value);
        expect(normalizeRepoPath(once)).toBe(once);
      }),
    );
  });
});

describe('looksLikeRepoPath', () => {
  it.each(['/srv/api', '~', '~/api', 'C:\\api', 'src/api', '..\\api'])('accepts %s', (value) => {
    expect(looksLikeRepoPath(value)).toBe(true);
  });

  it.each(['memory service', 'ms', '~draft', 'api.v2'])('rejects %s', (value) => {
    expect(looksLikeRepoPath(value)).toBe(false);
  });
});
