// The backup target the configuration names: S3-compatible storage when a bucket is set, else a directory beside the data.
import { resolve } from 'node:path';
import { backupTargetFromConfig, type BackupTarget, type BackupTargetConfig } from '@svc/backup';
import type { Env } from '../env';

/** Beside the data, never inside it: a backup must outlive the loss of the data directory. */
export function defaultBackupDir(dataDir: string): string {
  return /^[a-z]+:\/\//i.test(dataDir) ? resolve('.backups') : `${resolve(dataDir)}-backups`;
}

export function backupConfig(env: Env): BackupTargetConfig {
  const dir = env.BACKUP_DIR ?? defaultBackupDir(env.DATA_DIR);
  if (env.BACKUP_S3_BUCKET === undefined) return { dir };
  return {
    dir,
    s3: {
      bucket: env.BACKUP_S3_BUCKET,
      endpoint: env.BACKUP_S3_ENDPOINT,
      region: env.BACKUP_S3_REGION,
      accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
      secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
      prefix: env.BACKUP_S3_PREFIX,
      // Local and most S3-compatible servers address buckets by path; AWS itself (no endpoint) by host.
      forcePathStyle: env.BACKUP_S3_ENDPOINT !== undefined,
    },
  };
}

export function backupTarget(env: Env): Promise<BackupTarget> {
  return backupTargetFromConfig(backupConfig(env));
}
