// The embedded database keeps its data in the data directory across close and reopen.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, findUserByEmail, openDatabase } from '../src/index';

const SRC = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const root = await mkdtemp(join(tmpdir(), 'svc-db-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('embedded persistence', () => {
  it('creates the data directory and finds the data again after reopening', async () => {
    const dataDir = join(root, 'nested', 'data');
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe('embedded');
    const { user } = await createUser(first.db, 'persist@example.test', 'Persist');
    await first.close();
    expect((await stat(dataDir)).isDirectory()).toBe(true);

    const second = await openDatabase({ dataDir });
    try {
      const found = await findUserByEmail(second.db, 'PERSIST@example.test');
      expect(found?.id).toBe(user.id);
      await second.ping();
    } finally {
      await second.close();
    }
  });

  it('lets only one process at a time open a data directory, and frees it on close', async () => {
    const dataDir = join(root, 'locked');
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toMatchObject({ code: 'conflict' });
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('opens at once a data directory whose holder was killed outright (no 10 s wait for the lock to go stale)', async () => {
    const dataDir = join(root, 'killed');
    const holder = spawn(
      process.execPath,
      ['--import', 'tsx', '-e', `import('${SRC}').then(async (db) => { await db.openDatabase({ dataDir: ${JSON.stringify(dataDir)} }); console.log('held'); setInterval(() => {}, 1000); })`],
      { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (d: Buffer) => d.toString().includes('held') && resolve());
      holder.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
    });
    await expect(openDatabase({ dataDir })).rejects.toMatchObject({ code: 'conflict' });
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const started = Date.now();
    const reopened = await openDatabase({ dataDir });
    await reopened.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses to guess between an embedded and a server database', async () => {
    await expect(openDatabase({})).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(openDatabase({ dataDir: 'memory://', url: 'postgres://x' })).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});
