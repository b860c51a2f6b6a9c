import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBuildInfo, resolveCommit } from './build-info';

// A throwaway repository, so the outcome never depends on the state of this checkout.
let repo: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' }).trim();

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'svc-build-'));
  git('init', '--quiet');
  writeFileSync(join(repo, 'a.txt'), 'one\n');
  writeFileSync(join(repo, '.gitignore'), 'ignored/\n');
  git('add', '.');
  git('commit', '--quiet', '-m', 'first');
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('the commit in v<semver>+<commit>', () => {
  it('is the 12-character HEAD of a clean checkout', () => {
    const head = git('rev-parse', '--short=12', 'HEAD');
    expect(head).toMatch(/^[0-9a-f]{12}$/);
    expect(resolveCommit(undefined, repo)).toBe(head);
  });

  it('is dev for a checkout with a changed tracked file', () => {
    writeFileSync(join(repo, 'a.txt'), 'two\n');
    expect(resolveCommit(undefined, repo)).toBe('dev');
  });

  it('is dev for a staged but uncommitted change', () => {
    writeFileSync(join(repo, 'b.txt'), 'new\n');
    git('add', 'b.txt');
    expect(resolveCommit(undefined, repo)).toBe('dev');
  });

  it('is dev for a new untracked file, which would run without being in the commit', () => {
    writeFileSync(join(repo, 'c.ts'), 'export {};\n');
    expect(resolveCommit(undefined, repo)).toBe('dev');
  });

  it('ignores ignored files (data directories, build output)', () => {
    mkdirSync(join(repo, 'ignored'));
    writeFileSync(join(repo, 'ignored', 'x'), 'x');
    expect(resolveCommit(undefined, repo)).toBe(git('rev-parse', '--short=12', 'HEAD'));
  });

  it('is dev outside any checkout', () => {
    const plain = mkdtempSync(join(tmpdir(), 'svc-nogit-'));
    try {
      expect(resolveCommit(undefined, plain)).toBe('dev');
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it('is the stamp of an image, whatever the checkout says', () => {
    writeFileSync(join(repo, 'a.txt'), 'dirty\n');
    expect(resolveCommit('0123456789ab', repo)).toBe('0123456789ab');
  });
});

describe('readBuildInfo', () => {
  it('reports v<semver>+<commit> from the root package version, and the host revision apart', () => {
    const info = readBuildInfo({ commit: 'abcdef012345', hostRevision: 'infra-42', cwd: repo });
    expect(info).toEqual({ version: 'v0.1.0+abcdef012345', hostRevision: 'infra-42' });
  });

  it('says unknown for an unstamped host revision', () => {
    expect(readBuildInfo({ commit: 'dev' }).hostRevision).toBe('unknown');
  });
});
