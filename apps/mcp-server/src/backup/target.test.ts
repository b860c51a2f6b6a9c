// Which backup target the settings name: the default directory beside the data, or S3-compatible storage.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultBackupDir } from '@svc/backup';
import { parseEnv } from '../env';
import { backupConfig } from './target';

describe('backupConfig', () => {
  it('defaults to a directory beside the data, never inside it', () => {
    expect(backupConfig(parseEnv({ DATA_DIR: '/srv/svc/data' }))).toEqual({ dir: '/srv/svc/data-backups' });
    expect(defaultBackupDir('./.data/')).toBe(`${resolve('.data')}-backups`);
    expect(backupConfig(parseEnv({ BACKUP_DIR: '/mnt/backups' })).dir).toBe('/mnt/backups');
  });

  it('chooses S3 when a bucket is named, path-style exactly when an endpoint is', () => {
    const local = backupConfig(parseEnv({ BACKUP_S3_BUCKET: 'svc-backups', BACKUP_S3_ENDPOINT: 'http://127.0.0.1:4568', BACKUP_S3_PREFIX: 'prod' }));
    expect(local.s3).toMatchObject({ bucket: 'svc-backups', endpoint: 'http://127.0.0.1:4568', prefix: 'prod', forcePathStyle: true });
    expect(backupConfig(parseEnv({ BACKUP_S3_BUCKET: 'svc-backups', BACKUP_S3_REGION: 'eu-west-1' })).s3).toMatchObject({ region: 'eu-west-1', forcePathStyle: false });
  });

  it('refuses an endpoint that is not a URL', () => {
    expect(() => parseEnv({ BACKUP_S3_BUCKET: 'b', BACKUP_S3_ENDPOINT: 'minio on port 9000' })).toThrow(/BACKUP_S3_ENDPOINT/);
  });
});
