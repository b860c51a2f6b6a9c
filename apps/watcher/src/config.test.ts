// Sources come from --source flags, else config.json, else the tools' own default places.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFlag, resolveSources } from './config';
import { readWatcherEnv } from './env';

describe('sources', () => {
  it('reads a kind-prefixed flag, and takes a bare directory as plain transcripts', () => {
    expect(parseSourceFlag('codex:/srv/codex')).toEqual({ kind: 'codex', root: '/srv/codex' });
    expect(parseSourceFlag('/notes')).toEqual({ kind: 'plain', root: '/notes' });
  });

  it('prefers flags, then config.json, then Claude Code and Codex under home', async () => {
    const home = await mkdtemp(join(tmpdir(), 'svc-watcher-config-'));
    const configDir = join(home, 'config');
    expect(await resolveSources([], configDir, home)).toEqual([
      { kind: 'claude-code', root: join(home, '.claude', 'projects') },
      { kind: 'codex', root: join(home, '.codex', 'sessions') },
    ]);
    await mkdir(configDir);
    await writeFile(
      join(configDir, 'config.json'),
      JSON.stringify({ sources: [{ kind: 'plain', root: '/transcripts' }] }),
    );
    expect(await resolveSources([], configDir, home)).toEqual([
      { kind: 'plain', root: '/transcripts' },
    ]);
    expect(await resolveSources(['claude-code:/x'], configDir, home)).toEqual([
      { kind: 'claude-code', root: '/x' },
    ]);
    await writeFile(
      join(configDir, 'config.json'),
      JSON.stringify({ sources: [{ kind: 'nope', root: '/t' }] }),
    );
    await expect(resolveSources([], configDir, home)).rejects.toThrow(/config\.json/);
  });

  it('keeps state and config in the XDG directories on Linux and under Application Support on macOS', () => {
    const linux = readWatcherEnv({ HOME: '/home/ada' }, 'linux');
    expect(linux.stateDir).toBe('/home/ada/.local/state/svc-watcher');
    expect(linux.configDir).toBe('/home/ada/.config/svc-watcher');
    expect(readWatcherEnv({ HOME: '/home/ada', XDG_STATE_HOME: '/s' }, 'linux').stateDir).toBe(
      '/s/svc-watcher',
    );
    expect(readWatcherEnv({ HOME: '/Users/ada' }, 'darwin').stateDir).toBe(
      '/Users/ada/Library/Application Support/svc-watcher',
    );
  });
});
