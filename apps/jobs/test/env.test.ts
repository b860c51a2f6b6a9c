import { resolve } from 'node:path';
import { backupConfigFromEnv } from '@svc/backup';
import { describe, expect, it } from 'vitest';
import { parseWorkerEnv } from '../src/env';

describe('the worker settings', () => {
  it('needs DATABASE_URL and says why', () => {
    expect(() => parseWorkerEnv({})).toThrow(/DATABASE_URL: the jobs worker needs DATABASE_URL/);
  });

  it('caps a job at 15 minutes, lets an operator lower it, and reads the intervals', () => {
    const env = parseWorkerEnv({
      DATABASE_URL: 'postgres://x/y',
      JOB_MAX_SECONDS: '30',
      HYGIENE_INTERVAL_HOURS: '6',
    });
    expect(env).toMatchObject({
      JOB_MAX_SECONDS: 30,
      HYGIENE_INTERVAL_HOURS: 6,
      KEEP_WARM_MINUTES: 5,
      SVC_BUILD_COMMIT: 'dev',
    });
    expect(() =>
      parseWorkerEnv({ DATABASE_URL: 'postgres://x/y', JOB_MAX_SECONDS: '901' }),
    ).toThrow(/JOB_MAX_SECONDS/);
    expect(() =>
      parseWorkerEnv({ DATABASE_URL: 'postgres://x/y', ALARM_WEBHOOK_URL: 'not a url' }),
    ).toThrow(/ALARM_WEBHOOK_URL/);
  });

  it('keeps backups where the server keeps them by default: beside DATA_DIR, unless BACKUP_DIR says', () => {
    const url = { DATABASE_URL: 'postgres://x/y' };
    expect(backupConfigFromEnv(parseWorkerEnv(url))).toEqual({ dir: `${resolve('.data')}-backups` });
    expect(backupConfigFromEnv(parseWorkerEnv({ ...url, DATA_DIR: '/srv/svc/data' })).dir).toBe('/srv/svc/data-backups');
    expect(backupConfigFromEnv(parseWorkerEnv({ ...url, BACKUP_DIR: '/var/lib/svc/backups' })).dir).toBe('/var/lib/svc/backups');
  });
});
