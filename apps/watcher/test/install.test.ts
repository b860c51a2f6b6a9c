// `install` writes the service file for this platform without enabling anything, and says how to enable it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchdPlist } from '../src/service/launchd';
import { removeWatcherHomes, runWatcher, watcherHome } from './helpers/watcher';

afterAll(() => removeWatcherHomes());

describe('svc-watcher install', () => {
  it.runIf(process.platform === 'linux')(
    'writes a systemd user unit that runs the daemon with this state and config',
    async () => {
      const w = await watcherHome();
      const out = await runWatcher(['install', '--source', 'codex:/srv/codex sessions'], w.env);
      expect(out.code, out.stderr).toBe(0);
      const path = join(w.home, '.config', 'systemd', 'user', 'svc-watcher.service');
      expect(out.stdout).toContain(path);
      expect(out.stdout).toContain('systemctl --user enable --now svc-watcher.service');
      const unit = await readFile(path, 'utf8');
      const exec = /^ExecStart=(.+)$/m.exec(unit)?.[1] ?? '';
      expect(exec.startsWith(process.execPath)).toBe(true);
      // Run from a checkout: the TypeScript loader is named by its full path, since the service starts in another directory.
      expect(exec).toMatch(/--import file:\/\/\S+tsx/);
      expect(exec).toMatch(/src\/cli\.ts run --source "codex:\/srv\/codex sessions"$/);
      expect(unit).toContain(
        `Environment=SVC_WATCHER_STATE_DIR=${join(w.home, '.local', 'state', 'svc-watcher')}`,
      );
      expect(unit).toContain('WantedBy=default.target');
    },
  );

  it('builds a launchd agent whose arguments and environment are escaped XML', () => {
    const plist = launchdPlist(
      {
        node: '/usr/local/bin/node',
        nodeArgs: [],
        script: '/opt/svc watcher/svc-watcher.mjs',
        args: ['--source', 'plain:/tmp/a&b'],
        environment: { SVC_WATCHER_STATE_DIR: '/Users/ada/state' },
      },
      '/Users/ada/state/watcher.log',
    );
    const args = [...plist.matchAll(/<string>([^<]*)<\/string>/g)].map((m) => m[1]);
    expect(args).toEqual(
      expect.arrayContaining([
        '/usr/local/bin/node',
        '/opt/svc watcher/svc-watcher.mjs',
        'run',
        '--source',
        'plain:/tmp/a&amp;b',
      ]),
    );
    expect(plist).toContain('<key>SVC_WATCHER_STATE_DIR</key>');
    expect(plist).toContain('<key>RunAtLoad</key>');
  });
});
