// Who holds the embedded data directory, so a holder that died (kill -9, a crash) is known at once.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';

interface Owner {
  pid: number;
  host: string;
}

export function ownerFile(lockPath: string): string {
  return `${lockPath}.owner`;
}

export async function recordOwner(lockPath: string): Promise<void> {
  const owner: Owner = { pid: process.pid, host: hostname() };
  await writeFile(ownerFile(lockPath), JSON.stringify(owner), { mode: 0o600 });
}

export async function forgetOwner(lockPath: string): Promise<void> {
  await rm(ownerFile(lockPath), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (thrown) {
    // EPERM: the process exists but belongs to someone else.
    return (thrown as { code?: string }).code === 'EPERM';
  }
}

/**
 * Takes away a lock whose recorded holder is a process of this machine that no longer exists. A lock
 * with no owner record, or another machine's (a shared disk), is left to go stale by its age.
 * Returns whether it was taken away.
 */
export async function breakLockOfDeadOwner(lockPath: string): Promise<boolean> {
  let owner: Owner;
  try {
    owner = JSON.parse(await readFile(ownerFile(lockPath), 'utf8')) as Owner;
  } catch {
    return false;
  }
  if (owner.host !== hostname() || !Number.isInteger(owner.pid) || isAlive(owner.pid)) return false;
  // Renamed away first: of two processes breaking it at once, only one can move it.
  const moved = `${lockPath}.dead-${owner.pid}-${process.pid}`;
  try {
    await rename(lockPath, moved);
  } catch {
    return false;
  }
  await rm(moved, { recursive: true, force: true });
  await forgetOwner(lockPath);
  return true;
}
