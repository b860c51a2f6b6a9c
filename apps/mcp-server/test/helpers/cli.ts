// Runs the real `svc` CLI as a child process, the way an operator would.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const APP_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** `svc` from its sources; a test of the bundled build passes `[entry]` instead. */
const CLI = ['--import', 'tsx', 'src/cli.ts'];

export function cliEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', ...extra };
}

/** `input`, when given, is written to the command's stdin (which is then closed), as a pipe would. */
export async function runCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: string,
  cli: string[] = CLI,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...cli, ...args], { cwd: APP_DIR, env });
  child.stdin.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  return { code, stdout, stderr };
}

/** Starts `svc serve` on a random port and resolves once its `listening` record names the port. */
export async function startServe(
  env: NodeJS.ProcessEnv,
  cli: string[] = CLI,
): Promise<{ child: ChildProcess; url: string; streams: { stdout: string; stderr: string } }> {
  const child = spawn(process.execPath, [...cli, 'serve'], { cwd: APP_DIR, env: { ...env, PORT: '0' } });
  // Each stream kept apart as well, for tests of where log output goes.
  const streams = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (streams.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (streams.stderr += d.toString()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /"message":"listening"[^\n]*"port":(\d+)/.exec(output) ?? /"port":(\d+)[^\n]*"message":"listening"/.exec(output);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`serve did not start: ${output}`)), 30_000).unref();
  });
  return { child, url, streams };
}

export async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}
