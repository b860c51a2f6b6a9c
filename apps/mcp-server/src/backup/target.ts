// The backup target the configuration names: S3-compatible storage when a bucket is set, else a directory beside the data.
import { backupConfigFromEnv, backupTargetFromConfig, type BackupTarget, type BackupTargetConfig } from '@svc/backup';
import type { Env } from '../env';

export function backupConfig(env: Env): BackupTargetConfig {
  return backupConfigFromEnv(env);
}

export function backupTarget(env: Env): Promise<BackupTarget> {
  return backupTargetFromConfig(backupConfig(env));
}
