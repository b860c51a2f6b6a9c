// The backup jobs: a backup stored with its reason, the no-backup-for-a-day alarm once per incident, and a failed backup alarmed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { directoryTarget, listBackups } from '@svc/backup';
import { createUser, type Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRuntime } from '../src';
import { backupJobs } from '../src/definitions/backup';
import { BACKUP_MISSING, backupNow, checkBackupStored } from '../src/definitions/backup.handler';
import type { JobContext } from '../src/job-definition';
import { captureLogs, eventually, FAST } from './helpers';

let database: Database;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  await createUser(database.db, 'backed-up@example.test', 'Backed Up');
  dir = await mkdtemp(join(tmpdir(), 'svc-backup-jobs-'));
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

function context(now: Date, data: Record<string, unknown> = {}) {
  const logs = captureLogs();
  const ctx: JobContext = {
    database,
    logger: logs.logger,
    alarms: logs.alarms,
    now: () => now,
    signal: new AbortController().signal,
    runId: 'run-backup',
    data,
    lastAttempt: true,
  };
  const raised = () => logs.records.filter((r) => r.message === 'alarm' && r.alarm === BACKUP_MISSING).length;
  return { ctx, raised };
}

describe('backup jobs', () => {
  it('are registered at 03:30 UTC daily and after deploys, with the hourly check, only with a target', () => {
    expect(backupJobs(null)).toEqual([]);
    const [backup, check] = backupJobs(directoryTarget(dir));
    expect(backup).toMatchObject({ name: 'backup', schedule: '30 3 * * *', runAfterDeploy: true, alarm: 'backup_failed' });
    expect(check).toMatchObject({ name: 'backup-check', schedule: '0 * * * *' });
  });

  it('raise backup_missing once while there is none, however often the check runs', async () => {
    const target = directoryTarget(dir);
    const first = context(new Date());
    await checkBackupStored(first.ctx, target);
    const second = context(new Date());
    await checkBackupStored(second.ctx, target);
    expect([first.raised(), second.raised()]).toEqual([1, 0]);
  });

  it('store a backup after a deploy, which re-arms the alarm; a day later it fires again, once', async () => {
    const target = directoryTarget(dir);
    const deployed = context(new Date(), { trigger: 'deploy' });
    await backupNow(deployed.ctx, target);
    expect((await listBackups(target)).map((b) => b.reason)).toEqual(['deploy']);
    const fresh = context(new Date());
    expect(await checkBackupStored(fresh.ctx, target)).toMatchObject({ overdue: false });
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const [a, b] = [context(later), context(later)];
    await checkBackupStored(a.ctx, target);
    await checkBackupStored(b.ctx, target);
    expect(fresh.raised() + a.raised() + b.raised()).toBe(1);
  });

  it('raise backup_failed once, on the queue, when the backup cannot be written to its target', async () => {
    // A directory under a regular file cannot be made, whoever runs the test (root included).
    const blocker = join(dir, 'not-a-directory');
    await writeFile(blocker, '');
    const { records, logger, alarms, metrics } = captureLogs();
    const runtime = createJobRuntime({
      database,
      logger,
      alarms,
      mode: 'work',
      ...FAST,
      definitions: backupJobs(directoryTarget(join(blocker, 'backups'))),
    });
    try {
      await runtime.start();
      await runtime.send('backup', {});
      const failed = () => records.filter((r) => r.message === 'alarm' && r.alarm === 'backup_failed');
      await eventually('the backup_failed alarm', () => failed().length === 1);
      expect(failed()[0]).toMatchObject({
        level: 'error',
        job: 'backup',
        detail: expect.stringMatching(/^backup failed: .*ENOTDIR/),
      });
      // The retry failed too (one alarm for the run, not one per attempt), and the counter says so.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(failed()).toHaveLength(1);
      const counted = (await metrics.alarms.get()).values.find((v) => v.labels.alarm === 'backup_failed');
      expect(counted?.value).toBe(1);
      expect(records.filter((r) => r.message === 'alarm' && r.alarm === 'job_failed')).toEqual([]);
    } finally {
      await runtime.stop();
    }
  });
});
