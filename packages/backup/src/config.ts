// Chooses the backup target from parsed settings: S3-compatible storage when a bucket is named, else a directory.
import { directoryTarget } from './targets/directory';
import type { BackupS3Config, BackupTarget } from './targets/target';

export type { BackupS3Config } from './targets/target';

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
