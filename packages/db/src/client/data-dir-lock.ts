// An exclusive lock on the embedded data directory: PGlite files must never be opened by two processes.
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { fail } from '@svc/errors';
import { breakLockOfDeadOwner, forgetOwner, recordOwner } from './lock-owner';

export type ReleaseLock = () => Promise<void>;

/** Stale after 10 s without a refresh: the last resort when the holder's record cannot tell. */
const STALE_MS = 10_000;

function isLocked(thrown: unknown): boolean {
  return (thrown as { code?: string }).code === 'ELOCKED';
}

export async function lockDataDir(dataDir: string): Promise<ReleaseLock> {
  const lockfilePath = join(dataDir, '.svc.lock');
  const take = () => lockfile.lock(dataDir, { lockfilePath, stale: STALE_MS, update: STALE_MS / 2, realpath: false });
  let release: ReleaseLock;
  try {
    release = await take();
  } catch (thrown) {
    if (!isLocked(thrown)) throw thrown;
    // A holder killed outright leaves its lock fresh for up to 10 s; a supervisor restarting at once must not wait.
    if (!(await breakLockOfDeadOwner(lockfilePath).catch(() => false))) throw lockedError(dataDir);
    try {
      release = await take();
    } catch (again) {
      throw isLocked(again) ? lockedError(dataDir) : again;
    }
  }
  await recordOwner(lockfilePath);
  return async () => {
    await forgetOwner(lockfilePath);
    await release();
  };
}

function lockedError(dataDir: string) {
  return fail.conflict(
    `The embedded database in ${dataDir} is in use by another process that does not share it; stop that process, or use DATABASE_URL`,
    { dataDir, reason: 'data_dir_locked' },
  );
}
