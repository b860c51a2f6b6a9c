// Public API of the backup package: logical backups of the whole database, their targets and retention.
export { backupTargetFromConfig, type BackupS3Config, type BackupTargetConfig } from './config';
export { createBackup, latestBackupAt, listBackups, readManifest, type BackupSummary, type CreateBackupOptions } from './create';
export { isBackupId, parseBackupId } from './ids';
export { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BACKUP_REASONS, type BackupReason, type Manifest } from './manifest';
export { restoreBackup, type RestoreBackupOptions, type RestoreResult } from './restore';
export { backupAndPrune, DAILY_KEEP_DAYS, MONTHLY_KEEP_YEARS, pruneBackups, retentionPlan, type PruneResult, type RetentionDecision } from './retention';
export { directoryTarget } from './targets/directory';
export type { BackupTarget, BackupWriter } from './targets/target';
export { verifyBackup, type VerifyResult } from './verify';
export { BACKUP_ENV_SHAPE, backupConfigFromEnv, defaultBackupDir, type BackupEnv } from './env';
