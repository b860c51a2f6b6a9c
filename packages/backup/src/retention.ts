// Retention: every backup is kept 30 days, and the first backup of each UTC month one year.
import { createBackup, idTime, listBackups, type BackupSummary, type CreateBackupOptions } from './create';
import type { BackupTarget } from './targets/target';

export const DAILY_KEEP_DAYS = 30;
export const MONTHLY_KEEP_YEARS = 1;

export interface RetentionDecision {
  id: string;
  keepUntil: Date;
  monthly: boolean;
}

const monthOf = (d: Date): string => d.toISOString().slice(0, 7);

/**
 * The first backup of a month is the monthly one, whatever its reason: a month whose 1st missed its
 * run still keeps one for a year. Decided from the set each time, so nothing depends on a tag given
 * when the backup was taken.
 */
export function retentionPlan(backups: readonly Pick<BackupSummary, 'id' | 'createdAt'>[]): RetentionDecision[] {
  const sorted = [...backups].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  const seenMonths = new Set<string>();
  return sorted.map(({ id, createdAt }) => {
    const monthly = !seenMonths.has(monthOf(createdAt));
    seenMonths.add(monthOf(createdAt));
    const keepUntil = new Date(createdAt);
    if (monthly) keepUntil.setUTCFullYear(keepUntil.getUTCFullYear() + MONTHLY_KEEP_YEARS);
    else keepUntil.setUTCDate(keepUntil.getUTCDate() + DAILY_KEEP_DAYS);
    return { id, keepUntil, monthly };
  });
}

/** A backup without a manifest this long after its start was cut short by a crash, not still under way. */
export const INCOMPLETE_GRACE_MS = 24 * 60 * 60 * 1000;

export interface PruneResult {
  kept: string[];
  removed: string[];
  /** Leftovers of backups that never completed. */
  swept: string[];
}

/** The newest backup is never removed, however old: a stopped schedule must not end with no backup at all. */
export async function pruneBackups({ target, now }: { target: BackupTarget; now: Date }): Promise<PruneResult> {
  const backups = await listBackups(target);
  const newest = backups[0]?.id;
  const result: PruneResult = { kept: [], removed: [], swept: [] };
  for (const decision of retentionPlan(backups)) {
    if (decision.keepUntil.getTime() <= now.getTime() && decision.id !== newest) {
      await target.remove(decision.id);
      result.removed.push(decision.id);
    } else {
      result.kept.push(decision.id);
    }
  }
  for (const id of await target.listIncomplete()) {
    if (now.getTime() - idTime(id).getTime() < INCOMPLETE_GRACE_MS) continue;
    await target.remove(id);
    result.swept.push(id);
  }
  return result;
}

/** What the daily and after-deploy jobs run: a backup, then retention; a failed backup prunes nothing. */
export async function backupAndPrune(opts: CreateBackupOptions): Promise<{ backup: BackupSummary; pruned: PruneResult }> {
  const backup = await createBackup(opts);
  return { backup, pruned: await pruneBackups({ target: opts.target, now: opts.now }) };
}
