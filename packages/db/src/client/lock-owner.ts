// Who holds the embedded data directory, so a holder that died (kill -9, a crash) is known at once.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';

export interface Owner {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (`/proc/<pid>/stat`, field 22), where
   *  /proc exists: with `bootId` it tells the recorded process from a later one given its pid. */
  startTime?: number;
  bootId?: string;
  /** Unique per taking of the lock, so a breaker can tell the lock it judged from a newer one. */
  nonce?: string;
  /** The lock directory's inode and birth time: what a breaker moved away is this very directory,
   *  not one made since by a process that has not yet written its own record. */
  lockId?: string;
}

/** Locks this process holds now: its own pid in a record is then a live holder, not a dead one. */
const heldHere = new Set<string>();

export function ownerFile(lockPath: string): string {
  return `${lockPath}.owner`;
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of `/proc/<pid>/stat`; the command name (field 2) may hold spaces and parentheses. */
export function processStartTime(pid: number): number | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[19]);
  return Number.isSafeInteger(ticks) ? ticks : undefined;
}

function bootId(): string | undefined {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim() || undefined;
}

export function currentOwner(): Owner {
  return { pid: process.pid, host: hostname(), startTime: processStartTime(process.pid), bootId: bootId(), nonce: randomUUID() };
}

async function lockIdOf(path: string): Promise<string | undefined> {
  try {
    const { ino, birthtimeMs } = await stat(path);
    return `${ino}-${birthtimeMs}`;
  } catch {
    return undefined;
  }
}

export async function recordOwner(lockPath: string, owner: Owner = currentOwner()): Promise<void> {
  const lockId = owner.lockId ?? (await lockIdOf(lockPath));
  await writeFile(ownerFile(lockPath), JSON.stringify({ ...owner, lockId }), { mode: 0o600 });
  heldHere.add(lockPath);
}

export async function forgetOwner(lockPath: string): Promise<void> {
  heldHere.delete(lockPath);
  await rm(ownerFile(lockPath), { force: true });
}

async function readOwner(lockPath: string): Promise<Owner | undefined> {
  try {
    return JSON.parse(await readFile(ownerFile(lockPath), 'utf8')) as Owner;
  } catch {
    return undefined;
  }
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (thrown) {
    // EPERM: the process exists but belongs to someone else.
    return (thrown as { code?: string }).code === 'EPERM';
  }
}

/**
 * Whether the recorded holder still runs. Our own pid is a live holder only if this process holds
 * the lock now; otherwise it is an earlier process given the same pid (a container's server is pid
 * 1 again after a restart). A live pid is the holder only if it started when the holder did: after
 * a reboot or a reuse of the pid by another program, the start time (or the boot) differs.
 */
export function isHolderAlive(owner: Owner, lockPath: string): boolean {
  if (owner.pid === process.pid) return heldHere.has(lockPath);
  if (!pidExists(owner.pid)) return false;
  if (owner.bootId !== undefined && bootId() !== undefined && owner.bootId !== bootId()) return false;
  if (owner.startTime === undefined) return true;
  const started = processStartTime(owner.pid);
  return started === undefined || started === owner.startTime;
}

/**
 * Takes away a lock whose recorded holder is a process of this machine that no longer exists. A lock
 * with no owner record, or another machine's (a shared disk), is left to go stale by its age.
 * Returns whether it was taken away.
 */
export async function breakLockOfDeadOwner(lockPath: string): Promise<boolean> {
  const owner = await readOwner(lockPath);
  if (!owner || owner.host !== hostname() || !Number.isInteger(owner.pid) || isHolderAlive(owner, lockPath)) return false;
  // Renamed away first: of two processes breaking it at once, only one can move it.
  const moved = `${lockPath}.dead-${owner.pid}-${process.pid}-${randomUUID()}`;
  try {
    await rename(lockPath, moved);
  } catch {
    return false;
  }
  // Another breaker may have broken and taken it between our read and our rename: it forgets the
  // dead owner's record before it takes the lock, so a record still naming the dead owner means
  // what we moved is the dead lock. Anything else is a live lock, and goes back.
  // And a lock taken after an old lock went stale (the dead owner's record still beside it) is a
  // new directory: its inode and birth time are not the recorded ones.
  const now = await readOwner(lockPath);
  const sameLock = owner.lockId === undefined || owner.lockId === (await lockIdOf(moved));
  if (now?.nonce !== owner.nonce || now?.pid !== owner.pid || !sameLock) {
    await rename(moved, lockPath).catch(() => undefined);
    return false;
  }
  await rm(moved, { recursive: true, force: true });
  await forgetOwner(lockPath);
  return true;
}
