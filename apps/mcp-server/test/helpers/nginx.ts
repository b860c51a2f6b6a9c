// Test helper: Debian's nginx run with a rendered edge config, as an unprivileged user, on a free loopback port.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  accessSync,
  chownSync,
  constants,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** The nginx binary on PATH or where Debian puts it (/usr/sbin is not on every PATH); null when absent. */
export function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, 'nginx'), constants.X_OK);
      return join(dir, 'nginx');
    } catch {
      // not here
    }
  }
  return null;
}

export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited with ${child.exitCode}: ${stderr()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port} within 10 s: ${stderr()}`);
}

export interface RunningNginx {
  url: string;
  /** The prefix directory: pid file and temp paths, nothing outside it. */
  dir: string;
  uid: number;
  stderr(): string;
  stop(): Promise<void>;
}

/** Unprivileged like in the image: as root (CI containers), nginx runs as `nobody` in a directory it owns. */
export async function startNginx(
  binary: string,
  config: string,
  port: number,
): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-edge-'));
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const root = process.getuid?.() === 0;
  const uid = root ? 65534 : (process.getuid?.() ?? 0);
  if (root) {
    chownSync(dir, 65534, 65534);
    chownSync(file, 65534, 65534);
  }
  const child = spawn(binary, ['-c', file, '-p', `${dir}/`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(root ? { uid: 65534, gid: 65534 } : {}),
  });
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  await waitForPort(port, child, () => err);
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    uid,
    stderr: () => err,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What nginx wrote into its prefix directory, to show it stayed inside it. */
export function prefixEntries(dir: string): string[] {
  return readdirSync(dir).sort();
}
