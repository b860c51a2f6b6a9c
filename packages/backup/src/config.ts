// Chooses the backup target from parsed settings: S3-compatible storage when a bucket is named, else a directory.
import { directoryTarget } from './targets/directory';
import type { BackupTarget } from './targets/target';

export interface BackupS3Config {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Key prefix, e.g. `svc/`; a missing trailing slash is added. */
  prefix?: string;
  /** Path-style addressing (`endpoint/bucket/key`): what local S3-compatible servers expect. */
  forcePathStyle?: boolean;
}

export interface BackupTargetConfig {
  dir: string;
  s3?: BackupS3Config;
}

export async function backupTargetFromConfig(config: BackupTargetConfig): Promise<BackupTarget> {
  if (config.s3 === undefined) return directoryTarget(config.dir);
  // The AWS SDK is heavy: loaded only when S3 is configured.
  const { s3Target } = await import('./targets/s3');
  return s3Target(config.s3);
}
