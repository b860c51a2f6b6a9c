// Child processes of the e2e stack: free ports, output kept for failure messages, readiness by HTTP, clean stops.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** Only what a child is given: the test runner's own environment stays out of it. */
export type Env = Record<string, string | undefined>;

export interface Running {
  child: ChildProcess;
  /** Everything the process wrote so far, for the message of a failed start. */
  output(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function start(command: string, args: string[], opts: { cwd: string; env: Env }): Running {
  const child = spawn(command, args, { ...opts, env: opts.env as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  const keep = (d: Buffer) => {
    // The tail is what explains a failure; a long-running server's whole log is not needed.
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => out };
}

/** Runs to completion, optionally with input on stdin. */
export async function run(
  command: string,
  args: string[],
  opts: { cwd: string; env: Env; input?: string },
): Promise<{ code: number; output: string }> {
  const running = start(command, args, opts);
  running.child.stdin?.end(opts.input ?? '');
  const code = await new Promise<number>((resolve) => running.child.on('close', (c) => resolve(c ?? -1)));
  return { code, output: running.output() };
}

/** Polls until the address answers a status `ready` accepts; fails early if the process exits. */
export async function waitForHttp(
  url: string,
  running: Running,
  ready: (status: number) => boolean = (s) => s === 200,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) {
      throw new Error(`${url}: the process exited with ${running.child.exitCode}:\n${running.output()}`);
    }
    const status = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2_000) })
      .then((r) => r.status)
      .catch(() => 0);
    if (ready(status)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms:\n${running.output()}`);
}

export async function stop(running: Running | undefined): Promise<void> {
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => running.child.once('exit', () => resolve()));
  running.child.kill('SIGTERM');
  const killer = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}
