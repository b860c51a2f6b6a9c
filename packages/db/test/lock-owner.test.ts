// The data directory's lock after its holder died: the recorded owner is judged dead or alive by
// pid, by process start time and by the lock directory itself, so a restart never waits for it to
// go stale and a live holder is never robbed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/index';
import { lockDataDir } from '../src/client/data-dir-lock';
import { breakLockOfDeadOwner, currentOwner, ownerFile, processStartTime, type Owner } from '../src/client/lock-owner';

const root = await mkdtemp(join(tmpdir(), 'svc-lock-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const hasProc = existsSync('/proc/self/stat');

/** A data directory whose lock is held, fresh, by the recorded owner: what a kill -9 leaves. */
async function leftLock(name: string, owner: Partial<Owner>): Promise<{ dataDir: string; lockPath: string }> {
  const dataDir = join(root, name);
  const lockPath = join(dataDir, '.svc.lock');
  await mkdir(lockPath, { recursive: true });
  // Written by hand: recordOwner would mark the lock as held by this process, which a crashed
  // holder's record is not.
  await writeFile(ownerFile(lockPath), JSON.stringify({ ...currentOwner(), ...owner }));
  return { dataDir, lockPath };
}

/** The lock alone (opening PGlite takes seconds on a loaded machine): taken well before the 10 s
 *  after which the left lock would have gone stale anyway. */
async function opensAtOnce(dataDir: string): Promise<void> {
  const started = Date.now();
  const release = await lockDataDir(dataDir);
  await release();
  expect(Date.now() - started).toBeLessThan(2_000);
}

async function withLiveProcess<T>(run: (pid: number) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  try {
    return await run(child.pid!);
  } finally {
    child.kill('SIGKILL');
  }
}

describe('the lock of a holder that died', () => {
  it('is broken at once when the record names our own pid (a container server is pid 1 again after a restart)', async () => {
    const { dataDir } = await leftLock('own-pid', { pid: process.pid });
    await opensAtOnce(dataDir);
  });

  it('is not broken while this very process holds it', async () => {
    const dataDir = join(root, 'held-here');
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toMatchObject({ code: 'conflict' });
    } finally {
      await first.close();
    }
  });

  it.skipIf(!hasProc)('is broken when the recorded pid now belongs to a process that started at another time', async () => {
    await withLiveProcess(async (pid) => {
      const started = processStartTime(pid);
      expect(started).toBeTypeOf('number');
      const { dataDir } = await leftLock('reused-pid', { pid, startTime: started! - 1 });
      await opensAtOnce(dataDir);
    });
  });

  it.skipIf(!hasProc)('is kept while the recorded process (same pid, same start time) still runs', async () => {
    await withLiveProcess(async (pid) => {
      const { dataDir } = await leftLock('live-pid', { pid, startTime: processStartTime(pid) });
      await expect(lockDataDir(dataDir)).rejects.toMatchObject({ code: 'conflict' });
    });
  });

  it('is broken by one of two breakers at once, never both', async () => {
    const { lockPath } = await leftLock('two-breakers', { pid: 2 ** 22 + 7 });
    const results = await Promise.all([breakLockOfDeadOwner(lockPath), breakLockOfDeadOwner(lockPath)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('leaves alone a lock directory made since the dead owner recorded its own (taken after it went stale)', async () => {
    const { lockPath } = await leftLock('newer-lock', { pid: 2 ** 22 + 9, lockId: 'an-older-directory' });
    expect(await breakLockOfDeadOwner(lockPath)).toBe(false);
    expect(existsSync(lockPath)).toBe(true);
  });

  it('breaks the very directory the dead owner made', async () => {
    const { lockPath } = await leftLock('same-lock', { pid: 2 ** 22 + 11 });
    const { ino, birthtimeMs } = await stat(lockPath);
    await writeFile(ownerFile(lockPath), JSON.stringify({ ...currentOwner(), pid: 2 ** 22 + 11, host: hostname(), lockId: `${ino}-${birthtimeMs}` }));
    expect(await breakLockOfDeadOwner(lockPath)).toBe(true);
    expect(existsSync(lockPath)).toBe(false);
  });
});
