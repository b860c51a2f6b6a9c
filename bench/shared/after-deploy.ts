// Waits out the jobs `svc` runs on its first start of a build over a store (the after-deploy backup,
// the upkeep), so that what a bench times next is the service as it runs every other hour. A store
// copied from the fill cache has never seen this build, so every run of the bench is a first start.
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import { defaultBackupDir } from '@svc/backup';
import { SERVER_DIR, SVC, svcEnv } from './svc-client';

const run = promisify(execFile);
const POLL_MS = 1000;

/** A deploy backup stored whole: its folder is renamed into place only once every file is written. */
async function deployBackupStored(backupDir: string): Promise<boolean> {
  const names = await readdir(backupDir).catch(() => [] as string[]);
  return names.some((name) => /-deploy-[0-9a-f]{6}$/.test(name));
}

/** `svc jobs` beside the running server (through its local channel): is any job's last run still active? */
async function anyJobActive(env: Record<string, string>): Promise<boolean> {
  const { stdout } = await run(process.execPath, [...SVC, 'jobs'], {
    cwd: SERVER_DIR,
    env: svcEnv({ LOG_LEVEL: 'warn', ...env }),
  });
  return stdout.split('\n').some((line) => /\sactive\s/.test(line));
}

/**
 * Seconds until the deploy backup beside `dataDir` is stored and no job is running; throws after
 * `timeoutMs` rather than time a store still busy with them.
 */
export async function waitForDeployJobs(dataDir: string, env: Record<string, string> = {}, timeoutMs = 600_000): Promise<number> {
  const started = performance.now();
  const backupDir = defaultBackupDir(dataDir);
  let quietPolls = 0;
  while (quietPolls < 2) {
    if (performance.now() - started > timeoutMs) throw new Error(`the after-deploy jobs on ${dataDir} still ran after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const quiet = (await deployBackupStored(backupDir)) && !(await anyJobActive({ ...env, DATA_DIR: dataDir }));
    quietPolls = quiet ? quietPolls + 1 : 0;
  }
  return (performance.now() - started) / 1000;
}
