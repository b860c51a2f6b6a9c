// `svc serve` as a child process on a loopback port, over a prepared embedded data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_DIR, SVC, svcEnv } from '../shared/svc-client';

export interface Served {
  url: string;
  pid: number;
  /** Seconds from spawn to the `listening` record. */
  startSeconds: number;
  stop(): Promise<void>;
}

export async function serve(dataDir: string, env: Record<string, string>): Promise<Served> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...SVC, 'serve'], {
    cwd: SERVER_DIR,
    env: svcEnv({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      // `listening` (with the port) is an info record; the default level, as an operator runs it.
      LOG_LEVEL: 'info',
      // The load is 50 sessions of 10 users: the per-user limits would refuse most of it.
      RATE_LIMIT_TOOL_CALLS_PER_MINUTE: '1000000',
      RATE_LIMIT_TOOL_CALLS_BURST: '1000000',
      // Passed on, so a run can profile the server (NODE_OPTIONS='--cpu-prof --cpu-prof-dir=…').
      ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}),
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /"message":"listening"[^\n]*"port":(\d+)/.exec(output) ?? /"port":(\d+)[^\n]*"message":"listening"/.exec(output);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
      if (output.length > 100_000) output = output.slice(-10_000);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`svc serve exited with ${code}: ${output.slice(-2000)}`)));
    setTimeout(() => reject(new Error(`svc serve did not start: ${output.slice(-2000)}`)), 120_000).unref();
  }).catch((err: unknown) => {
    // Never leave a half-started server holding the data directory.
    if (child.exitCode === null) child.kill('SIGTERM');
    throw err;
  });
  const startSeconds = (performance.now() - started) / 1000;
  return {
    url,
    pid: child.pid!,
    startSeconds,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
