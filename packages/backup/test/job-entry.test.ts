// What the backup jobs call: backupAndPrune, and a backup cut off by its job's cap leaving nothing behind.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupAndPrune, createBackup, directoryTarget, listBackups } from '../src/index';
import { tapPuts } from './support';

let database: Database;
let dir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'svc-backup-job-'));
});

afterAll(async () => {
  await database?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the backup job entry points', () => {
  it('backupAndPrune stores a backup and applies retention to what was there', async () => {
    const target = directoryTarget(join(dir, 'job'));
    await createBackup({ database, target, now: new Date('2026-01-05T03:30:00Z'), reason: 'daily' });
    await createBackup({ database, target, now: new Date('2026-01-06T03:30:00Z'), reason: 'daily' });
    const { backup, pruned } = await backupAndPrune({ database, target, now: new Date('2026-02-10T03:30:00Z'), reason: 'deploy' });
    expect(backup.reason).toBe('deploy');
    expect(pruned.removed).toEqual([expect.stringMatching(/^20260106T033000Z-daily-/)]);
    expect((await listBackups(target)).map((b) => b.id)).toEqual([backup.id, expect.stringMatching(/^20260105T/)]);
  });

  it('an aborted backup (the job reached its cap) stops between batches and leaves nothing', async () => {
    const real = directoryTarget(join(dir, 'aborted'));
    const cap = new AbortController();
    let puts = 0;
    const target = tapPuts(real, {
      after(n) {
        puts = n;
        if (n === 3) cap.abort(new Error('job cap reached'));
      },
    });
    await expect(createBackup({ database, target, now: new Date(), reason: 'daily', signal: cap.signal })).rejects.toThrow(/job cap reached/);
    expect(puts, 'no table was read after the abort').toBe(3);
    expect(await listBackups(real)).toEqual([]);
    expect(await readdir(join(dir, 'aborted'))).toEqual([]);
  });
});
