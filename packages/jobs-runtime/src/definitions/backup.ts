// The backup jobs: daily at 03:30 UTC and after every deploy, and the hourly check that one was stored.
import type { BackupTarget } from '@svc/backup';
import { defineJob, type JobDefinition } from '../job-definition';
import { backupNow, checkBackupStored } from './backup.handler';

/** Without a target (a process that does not run jobs) nothing is registered. */
export function backupJobs(target: BackupTarget | null): JobDefinition[] {
  if (!target) return [];
  return [
    defineJob({
      name: 'backup',
      schedule: '30 3 * * *',
      runAfterDeploy: true,
      alarm: 'backup_failed',
      handler: (ctx) => backupNow(ctx, target),
    }),
    defineJob({
      name: 'backup-check',
      schedule: '0 * * * *',
      handler: (ctx) => checkBackupStored(ctx, target),
    }),
  ];
}
