// The packed tarball installs with `npm install -g` into an empty prefix and runs with nothing of this repository.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const WATCHER_DIR = fileURLToPath(new URL('..', import.meta.url));
let prefix = '';
afterAll(() => rm(prefix, { recursive: true, force: true }));

describe('the packed watcher', () => {
  it('installs globally from its tarball and answers --help and status outside the repository', async () => {
    await run(process.execPath, ['scripts/bundle.mjs'], { cwd: WATCHER_DIR });
    const packed = await run(process.execPath, ['scripts/pack.mjs'], { cwd: WATCHER_DIR });
    const tarball = packed.stdout.trim().split('\n').at(-1)!;
    prefix = await mkdtemp(join(tmpdir(), 'svc-watcher-prefix-'));
    // --offline: the tarball carries everything; an install that reached for a registry would fail here.
    await run('npm', ['install', '-g', '--offline', '--prefix', prefix, tarball], { cwd: prefix });

    const installed = join(prefix, 'lib', 'node_modules', 'svc-watcher');
    expect((await readdir(installed)).sort()).toEqual([
      'LICENSES.txt',
      'README.md',
      'package.json',
      'svc-watcher.mjs',
    ]);
    // Only node and the installed bin on PATH, run from the empty prefix.
    const env = { PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}`, HOME: prefix };
    const help = await run(join(prefix, 'bin', 'svc-watcher'), ['--help'], { cwd: prefix, env });
    for (const command of ['login', 'run', 'once', 'status', 'install'])
      expect(help.stdout).toContain(command);
    const status = await run(join(prefix, 'bin', 'svc-watcher'), ['status'], { cwd: prefix, env });
    expect(status.stdout).toContain('server: not logged in');
  }, 120_000);
});
