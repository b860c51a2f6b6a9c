// The embedded database keeps its data in the data directory across close and reopen.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, findUserByEmail, openDatabase } from '../src/index';

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

  it('refuses to guess between an embedded and a server database', async () => {
    await expect(openDatabase({})).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(openDatabase({ dataDir: 'memory://', url: 'postgres://x' })).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});
