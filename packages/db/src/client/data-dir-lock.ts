// An exclusive lock on the embedded data directory: PGlite files must never be opened by two processes.
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { fail } from '@svc/errors';

export type ReleaseLock = () => Promise<void>;

/** Stale after 10 s without a refresh, so a crashed process never keeps the directory locked. */
const STALE_MS = 10_000;

export async function lockDataDir(dataDir: string): Promise<ReleaseLock> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, '.svc.lock'),
      stale: STALE_MS,
      update: STALE_MS / 2,
      realpath: false,
    });
  } catch (thrown) {
    if ((thrown as { code?: string }).code === 'ELOCKED') {
      throw fail.conflict(
        `The embedded database in ${dataDir} is in use by another process that does not share it; stop that process, or use DATABASE_URL`,
        { dataDir, reason: 'data_dir_locked' },
      );
    }
    throw thrown;
  }
}
