// The backup settings both deployables read (the server and the jobs worker): one shape, one mapping.
import { resolve } from 'node:path';
import { z } from 'zod';
import type { BackupTargetConfig } from './config';

/** Spread into an app's environment schema; parsing stays in that app's env.ts. */
export const BACKUP_ENV_SHAPE = {
  BACKUP_DIR: z.string().min(1).optional(),
  /** S3-compatible object storage for backups instead of BACKUP_DIR; an endpoint implies path-style addressing. */
  BACKUP_S3_BUCKET: z.string().min(1).optional(),
  BACKUP_S3_ENDPOINT: z.url().optional(),
  BACKUP_S3_REGION: z.string().min(1).optional(),
  BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  BACKUP_S3_PREFIX: z.string().optional(),
};

export type BackupEnv = { [K in keyof typeof BACKUP_ENV_SHAPE]?: z.infer<(typeof BACKUP_ENV_SHAPE)[K]> };

/**
 * BACKUP_DIR's default: beside the data, never inside it, since a backup must outlive the loss of the
 * data directory. Every process derives it from the same DATA_DIR default, so the server, `svc jobs run`
 * and `pnpm jobs` started in one place agree on it.
 */
export function defaultBackupDir(dataDir: string): string {
  return /^[a-z]+:\/\//i.test(dataDir) ? resolve('.backups') : `${resolve(dataDir)}-backups`;
}

export function backupConfigFromEnv(env: BackupEnv & { DATA_DIR: string }): BackupTargetConfig {
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
