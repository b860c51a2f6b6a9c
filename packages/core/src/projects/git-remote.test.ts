// Remotes of one repository, however spelled, normalise to one `host/owner/repo`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGitRemote, normalizeGitRemote } from './git-remote';

const CANONICAL = 'github.com/acme/memory-service';

describe('normalizeGitRemote', () => {
  it.each([
    'https://github.com/acme/memory-service',
    'https://github.com/Acme/Memory-Service.git',
    'https://github.com/acme/memory-service/',
    'http://github.com/acme/memory-service.git',
    'https://x-access-token:ghs_abc123@github.com/acme/memory-service.git',
    'https://user:pa/ss@word@github.com/acme/memory-service.git',
    'https://github.com:443/acme/memory-service.git?ref=main#readme',
    'git@github.com:acme/memory-service.git',
    'git@github.com:acme/memory-service',
    'ssh://git@github.com/acme/memory-service.git',
    'ssh://git@github.com:22/acme/memory-service.git',
    'ssh://git@github.com:acme/memory-service.git',
    'git+ssh://git@github.com/acme/memory-service.git',
    'git+https://github.com/acme/memory-service.git',
    'git://github.com/acme/memory-service.git',
    '  github.com/acme/memory-service  ',
  ])('%s → host/owner/repo', (url) => {
    expect(normalizeGitRemote(url)).toBe(CANONICAL);
  });

  it('keeps subgroups and self-hosted hosts', () => {
    expect(normalizeGitRemote('git@gitlab.acme.io:platform/infra/api.git')).toBe(
      'gitlab.acme.io/platform/infra/api',
    );
    expect(normalizeGitRemote('git@github-work:acme/api.git')).toBe('github-work/acme/api');
  });

  it.each(['', 'memory service', 'https://github.com', 'https://', 'C:/code/app', 'notes:todo'])(
    'returns null for %j',
    (value) => {
      expect(normalizeGitRemote(value)).toBeNull();
    },
  );
});

describe('isGitRemote', () => {
  it.each(['https://github.com/acme/api', 'git@github.com:acme/api.git', 'github.com/acme/api'])(
    'accepts %s',
    (value) => expect(isGitRemote(value)).toBe(true),
  );

  it.each(['/home/me/api', '~/code/api', 'src/lib', 'my.app/src', 'C:\\code\\api', 'api', 'a b/c'])(
    'rejects %s',
    (value) => expect(isGitRemote(value)).toBe(false),
  );
});

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
const host = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'org', 'io'))
  .map(([labels, tld]) => [...labels, tld].join('.'));
const segment = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,15}$/);
// Passwords carry `!` so a leak is visible: no host or path segment can contain one.
const password = fc.stringMatching(/^[A-Za-z0-9:/@]{0,12}![A-Za-z0-9:/@!]{0,12}$/);
const suffix = fc.constantFrom('', '.git', '/', '.git/');

describe('normalizeGitRemote properties', () => {
  it('https, scp and ssh spellings of a repository are equal', () => {
    fc.assert(
      fc.property(host, segment, segment, suffix, (h, owner, repo, end) => {
        const forms = [
          `https://${h}/${owner}/${repo}${end}`,
          `git@${h}:${owner}/${repo}${end}`,
          `ssh://git@${h}/${owner}/${repo}${end}`,
          `ssh://git@${h}:2222/${owner}/${repo}${end}`,
        ].map(normalizeGitRemote);
        expect(new Set(forms).size).toBe(1);
        expect(forms[0]).toBe(normalizeGitRemote(`${h}/${owner}/${repo}`));
      }),
    );
  });

  it('drops credentials, even ones with unescaped / and @', () => {
    fc.assert(
      fc.property(host, segment, segment, password, (h, owner, repo, pass) => {
        const url = `https://deploy:${pass}@${h}/${owner}/${repo}.git`;
        const normalized = normalizeGitRemote(url);
        expect(normalized).toBe(normalizeGitRemote(`${h}/${owner}/${repo}`));
        expect(normalized).not.toContain('!');
      }),
    );
  });

  it('is idempotent on anything it accepts', () => {
    const remote = fc.oneof(
      fc.tuple(host, segment, segment).map(([h, o, r]) => `git@${h}:${o}/${r}.git`),
      fc.tuple(host, segment, segment).map(([h, o, r]) => `https://${h}/${o}/${r}`),
      fc.string(),
    );
    fc.assert(
      fc.property(remote, (value) => {
        const once = normalizeGitRemote(value);
        if (once !== null) expect(normalizeGitRemote(once)).toBe(once);
      }),
    );
  });
});
