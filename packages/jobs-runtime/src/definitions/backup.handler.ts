// What the backup jobs do: back up and prune; raise `backup_missing` once when none is newer than a day.
import { backupAndPrune, latestBackupAt, type BackupTarget } from '@svc/backup';
import { claimAlarmIncident, clearAlarmIncident } from '@svc/db';
import type { JobContext } from '../job-definition';

export const BACKUP_MISSING = 'backup_missing';
const DAY_MS = 24 * 60 * 60 * 1000;

export async function backupNow(ctx: JobContext, target: BackupTarget) {
  const { backup, pruned } = await backupAndPrune({
    database: ctx.database,
    target,
    now: ctx.now(),
    reason: ctx.data.trigger === 'deploy' ? 'deploy' : 'daily',
    signal: ctx.signal,
  });
  ctx.logger.info('backup_stored', { runId: ctx.runId, id: backup.id, pruned: pruned.removed.length });
  return { id: backup.id, pruned: pruned.removed.length };
}

/**
 * Fires once per incident: the incident is named by the newest backup (or none), so a later good backup
 * re-arms it, and of several workers checking the same hour only one raises it.
 */
export async function checkBackupStored(ctx: JobContext, target: BackupTarget) {
  const latest = await latestBackupAt(target);
  const overdue = latest === null || ctx.now().getTime() - latest.getTime() > DAY_MS;
  if (!overdue) {
    await clearAlarmIncident(ctx.database.db, BACKUP_MISSING);
    return { overdue: false, latest: latest.toISOString() };
  }
  const incident = latest?.toISOString() ?? 'none';
  if (await claimAlarmIncident(ctx.database.db, BACKUP_MISSING, incident)) {
    ctx.alarms.raise(BACKUP_MISSING, {
      runId: ctx.runId,
      message: latest ? `No backup stored since ${incident} (over a day)` : 'No backup has been stored yet',
      target: target.description,
    });
  }
  return { overdue: true, latest: latest?.toISOString() ?? null };
}
