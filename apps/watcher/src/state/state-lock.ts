// One pass at a time per state directory, across processes: `once` beside a running daemon waits its turn.
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** The lock names its holder, so a holder killed outright is replaced at once instead of after a timeout. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function acquire(path: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
    if (!Number.isInteger(holder) || holder <= 0 || !alive(holder)) {
      await rm(path, { force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(`another watcher pass (pid ${holder}) holds ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function withStateLock<T>(
  stateDir: string,
  work: () => Promise<T>,
  waitMs = 120_000,
): Promise<T> {
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const path = join(stateDir, 'pass.lock');
  await acquire(path, waitMs);
  try {
    return await work();
  } finally {
    await rm(path, { force: true });
  }
}
