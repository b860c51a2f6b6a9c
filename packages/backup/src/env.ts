// The backup settings both deployables read (the server and the jobs worker): one shape, one mapping.
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

/** `defaultDir` is used when BACKUP_DIR is unset (beside the data on the embedded default). */
export function backupConfigFromEnv(env: BackupEnv, defaultDir: string): BackupTargetConfig {
  const dir = env.BACKUP_DIR ?? defaultDir;
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
