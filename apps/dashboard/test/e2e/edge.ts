// The shipped nginx edge for the browser tests: rendered by `edge:config`, run by Debian's nginx unprivileged.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, chownSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_DIR } from './stack';
import { stop, waitForHttp, type Env, type Running } from './processes';

/** Where Debian's `nginx` package puts the binary; null when it is not installed. */
export function findNginx(): string | null {
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  return null;
}

export interface Edge {
  url: string;
  close(): Promise<void>;
}

/** `pnpm -s edge:config` as an operator runs it, then nginx on that file; as root, nginx runs as nobody. */
export async function startEdge(
  port: number,
  server: string,
  dashboard: string,
  env: Record<string, string>,
): Promise<Edge> {
  // Only what the command needs: the test runner's own environment stays out of it.
  const childEnv: Env = { PATH: process.env.PATH, HOME: process.env.HOME, ...env };
  const rendered = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/edge/edge-config-cli.ts',
      '--listen',
      `127.0.0.1:${port}`,
      '--server',
      server,
      '--dashboard',
      dashboard,
    ],
    {
      cwd: SERVER_DIR,
      env: childEnv as NodeJS.ProcessEnv,
      encoding: 'utf8',
    },
  );
  if (rendered.status !== 0) throw new Error(`edge:config failed: ${rendered.stderr}`);
  const dir = mkdtempSync(join(tmpdir(), 'svc-e2e-edge-'));
  writeFileSync(join(dir, 'nginx.conf'), rendered.stdout);
  const root = process.getuid?.() === 0;
  if (root) {
    chownSync(dir, 65534, 65534);
    chownSync(join(dir, 'nginx.conf'), 65534, 65534);
  }
  // stdout is not a socket here (nginx opens /dev/stdout for its access log): it is dropped.
  const child = spawn(findNginx()!, ['-c', join(dir, 'nginx.conf'), '-p', `${dir}/`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(root ? { uid: 65534, gid: 65534 } : {}),
  });
  let out = '';
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const running: Running = { child, output: () => out };
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/healthz`, running);
  return {
    url,
    close: async () => {
      await stop(running);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
