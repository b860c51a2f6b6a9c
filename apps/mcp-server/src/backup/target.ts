// The backup target the configuration names: S3-compatible storage when a bucket is set, else a directory beside the data.
import { resolve } from 'node:path';
import { backupConfigFromEnv, backupTargetFromConfig, type BackupTarget, type BackupTargetConfig } from '@svc/backup';
import type { Env } from '../env';

/** Beside the data, never inside it: a backup must outlive the loss of the data directory. */
export function defaultBackupDir(dataDir: string): string {
  return /^[a-z]+:\/\//i.test(dataDir) ? resolve('.backups') : `${resolve(dataDir)}-backups`;
}

export function backupConfig(env: Env): BackupTargetConfig {
  return backupConfigFromEnv(env, defaultBackupDir(env.DATA_DIR));
}

export function backupTarget(env: Env): Promise<BackupTarget> {
  return backupTargetFromConfig(backupConfig(env));
}
