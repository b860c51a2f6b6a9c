// Retention with a controlled clock: dailies go after 30 days, each month's first backup stays a year.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, directoryTarget, latestBackupAt, listBackups, pruneBackups, type BackupTarget } from '../src/index';

let database: Database;
let dir: string;
let target: BackupTarget;
const day = (iso: string) => new Date(`${iso}T03:30:00.000Z`);

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'svc-retention-'));
  target = directoryTarget(dir);
  // The daily job from 15 December to 15 March, plus a deploy backup on 10 January.
  for (let t = day('2025-12-15'); t <= day('2026-03-15'); t = new Date(t.getTime() + 86_400_000)) {
    await createBackup({ database, target, now: t, reason: 'daily' });
  }
  await createBackup({ database, target, now: new Date('2026-01-10T12:00:00Z'), reason: 'deploy' });
}, 120_000);

afterAll(async () => {
  await database.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const dates = async () => (await listBackups(target)).map((b) => b.createdAt.toISOString().slice(0, 10)).sort();

describe('pruneBackups', () => {
  it('keeps 30 days of backups and the first of each month', async () => {
    expect(await latestBackupAt(target)).toEqual(day('2026-03-15'));
    // What crashes leave: a folder never renamed into place. A recent one may still be under way.
    for (const id of ['20260310T033000Z-daily-0000aa', '20260315T035500Z-deploy-0000bb']) {
      await mkdir(join(dir, `${id}.partial`));
      await writeFile(join(dir, `${id}.partial`, 'users.jsonl.gz'), 'partial');
    }
    const result = await pruneBackups({ target, now: new Date('2026-03-15T04:00:00Z') });
    expect(result.swept).toEqual(['20260310T033000Z-daily-0000aa']);
    expect((await readdir(dir)).filter((name) => name.endsWith('.partial'))).toEqual(['20260315T035500Z-deploy-0000bb.partial']);
    const kept = await dates();
    expect(kept.slice(0, 4)).toEqual(['2025-12-15', '2026-01-01', '2026-02-01', '2026-02-14']);
    expect(kept.at(-1)).toBe('2026-03-15');
    // 15 Dec (the first that December held), 1 Jan, 1 Feb, and the 30 days 14 Feb … 15 Mar.
    expect(kept).toHaveLength(3 + 30);
    expect(result.kept).toHaveLength(kept.length);
    expect(result.removed.some((id) => id.includes('-deploy-')), 'the deploy backup went after 30 days').toBe(true);
  });

  it('drops a monthly backup after one year, but never the newest backup', async () => {
    await pruneBackups({ target, now: new Date('2026-12-31T23:00:00Z') });
    expect(await dates()).toEqual(['2026-01-01', '2026-02-01', '2026-03-01', '2026-03-15']);
    await pruneBackups({ target, now: new Date('2030-01-01T00:00:00Z') });
    expect(await dates(), 'a stopped schedule still leaves the last backup').toEqual(['2026-03-15']);
    expect(await latestBackupAt(target)).toEqual(day('2026-03-15'));
  });
});
