// Starts the real memory service (`svc serve` on the embedded database) as a child process, with a user and a token.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const SERVER_DIR = fileURLToPath(new URL('../../../mcp-server', import.meta.url));
const CLI = ['--import', 'tsx', 'src/cli.ts'];

export interface RunningServer {
  url: string;
  token: string;
  /** The server's JSON log records so far. */
  logs(): Record<string, unknown>[];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export const PASSWORD = 'correct horse battery staple';

function svc(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<string> {
  const child = spawn(process.execPath, [...CLI, ...args], { cwd: SERVER_DIR, env });
  child.stdin.end(input);
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) =>
      code === 0
        ? resolve(out.trim())
        : reject(new Error(`svc ${args.join(' ')} exited ${code}: ${err}`)),
    ),
  );
}

export async function startServer(): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-watcher-server-'));
  const env = {
    PATH: process.env.PATH,
    HOME: dataDir,
    DATA_DIR: dataDir,
    EMBEDDINGS_PROVIDER: 'none',
    LOG_LEVEL: 'info',
  };
  // A fixed port, so PUBLIC_URL (what OAuth metadata advertises) names the address clients really use.
  const port = await freePort();
  const serveEnv = { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
  const child: ChildProcess = spawn(process.execPath, [...CLI, 'serve'], {
    cwd: SERVER_DIR,
    env: serveEnv,
  });
  let output = '';
  const onData = (d: Buffer) => (output += d.toString());
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const port =
        /"message":"listening"[^\n]*"port":(\d+)|"port":(\d+)[^\n]*"message":"listening"/.exec(
          output,
        );
      if (port) {
        clearInterval(timer);
        resolve(`http://127.0.0.1:${port[1] ?? port[2]}`);
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`serve exited with ${code}: ${output}`));
    });
  });
  // A dashboard password too, so a test can sign in as a person for the OAuth consent.
  await svc(['user', 'add', 'watcher@example.com', '--password-stdin'], env, `${PASSWORD}\n`);
  const token = await svc(['token', 'create', '--user', 'watcher@example.com'], env);
  return {
    url,
    token,
    logs: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      removeDataDir(dataDir);
    },
  };
}

/** The server's record of each chunk: which pass sent it, its sequence, and whether it was new. */
export function chunkRecords(
  server: RunningServer,
): { run_id: string; sequence: number; accepted: boolean; chars: number }[] {
  return server.logs().filter((l) => l.message === 'transcript_chunk') as never;
}
