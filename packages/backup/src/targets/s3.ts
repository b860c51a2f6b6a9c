// S3-compatible object storage as a backup target (placeholder until the S3 target lands).
import { fail } from '@svc/errors';
import type { BackupS3Config } from '../config';
import type { BackupTarget } from './target';

export function s3Target(config: BackupS3Config): BackupTarget {
  throw fail.validation(`S3 backup target (bucket ${config.bucket}) is not available yet`);
}
