// Runs the real `svc-watcher` as a child process in a home, state and config directory of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WATCHER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const CLI = ['--import', 'tsx', 'src/cli.ts'];

const homes: string[] = [];

/** Removes every home this test file made; call from afterAll. */
export async function removeWatcherHomes(): Promise<void> {
  await Promise.all(homes.splice(0).map((home) => rm(home, { recursive: true, force: true })));
}

export interface WatcherHome {
  home: string;
  env: NodeJS.ProcessEnv;
}

export async function watcherHome(extra: Record<string, string> = {}): Promise<WatcherHome> {
  const home = await mkdtemp(join(tmpdir(), 'svc-watcher-home-'));
  homes.push(home);
  return {
    home,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_STATE_HOME: join(home, '.local', 'state'),
      XDG_CONFIG_HOME: join(home, '.config'),
      SVC_WATCHER_LOG_LEVEL: 'debug',
      ...extra,
    },
  };
}

export interface Finished {
  code: number;
  stdout: string;
  stderr: string;
  /** The watcher's JSON log records from stderr. */
  logs: Record<string, unknown>[];
}

export const logsOf = (stderr: string) =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

export function startWatcher(
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: { stdout: string; stderr: string } } {
  const child = spawn(process.execPath, [...CLI, ...args], { cwd: WATCHER_DIR, env });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (output.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output.stderr += d.toString()));
  return { child, output };
}

export async function runWatcher(args: string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  const { child, output } = startWatcher(args, env);
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  return { code, ...output, logs: logsOf(output.stderr) };
}

export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
