// `pnpm start` (tooling/scripts/start.mjs) as an operator sees it: both processes up, SIGHUP restarts both,
// and when one dies the other is stopped too, with the reason said.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eStack } from './harness';
import { freePort } from './processes';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const START = fileURLToPath(new URL('../../../../tooling/scripts/start.mjs', import.meta.url));

/** The processes start.mjs itself started (Linux keeps them in /proc), with their command lines. */
function childrenOf(pid: number): { pid: number; cmd: string }[] {
  const ids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return ids.map((id) => ({ pid: Number(id), cmd: readFileSync(`/proc/${id}/cmdline`, 'utf8').replaceAll('\0', ' ') }));
}

async function up(url: string): Promise<boolean> {
  return fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2_000) })
    .then((r) => r.status < 500)
    .catch(() => false);
}

/** Polls until the address answers; setup hooks cannot use expect.poll. */
async function waitUp(url: string, what: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await up(url)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${what()}`);
}

describe.skipIf(!e2eStack())('pnpm start', () => {
  let supervisor: ChildProcess;
  let log = '';
  let dataDir = '';
  let serverUrl = '';
  let dashboardUrl = '';
  const exited = () => new Promise<number | null>((resolve) => supervisor.once('exit', (code) => resolve(code)));

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'svc-start-'));
    const [port, dashboardPort] = [await freePort(), await freePort()];
    serverUrl = `http://127.0.0.1:${port}`;
    dashboardUrl = `http://127.0.0.1:${dashboardPort}`;
    supervisor = spawn(process.execPath, [START], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        DASHBOARD_URL: dashboardUrl,
        LOG_LEVEL: 'warn',
        EMBEDDINGS_PROVIDER: 'none',
        KEEP_WARM_MINUTES: '0',
      } as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    supervisor.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    supervisor.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    await waitUp(`${serverUrl}/healthz`, () => log);
    await waitUp(`${dashboardUrl}/login`, () => log);
  });
  afterAll(async () => {
    if (supervisor.exitCode === null && supervisor.signalCode === null) {
      const done = exited();
      supervisor.kill('SIGTERM');
      await done;
    }
    removeDataDir(dataDir);
  });

  it('restarts both processes together on SIGHUP and says so', async () => {
    const before = childrenOf(supervisor.pid!).map((c) => c.pid);
    expect(before).toHaveLength(2);
    supervisor.kill('SIGHUP');
    await expect.poll(() => log, { timeout: 30_000 }).toContain('SIGHUP received; restarting the MCP server and the dashboard together.');
    await expect
      .poll(() => childrenOf(supervisor.pid!).filter((c) => !before.includes(c.pid)).length, { timeout: 30_000 })
      .toBe(2);
    await expect.poll(() => up(`${serverUrl}/healthz`), { timeout: 90_000, interval: 500 }).toBe(true);
    await expect.poll(() => up(`${dashboardUrl}/login`), { timeout: 90_000, interval: 500 }).toBe(true);
  });

  it('stops the dashboard when the server is killed, says why, and exits non-zero', async () => {
    const server = childrenOf(supervisor.pid!).find((c) => c.cmd.includes('bin/svc.mjs'));
    expect(server).toBeDefined();
    const done = exited();
    process.kill(server!.pid, 'SIGKILL');
    expect(await done).toBe(1);
    expect(log).toContain('the MCP server was stopped by SIGKILL; stopping the dashboard too.');
    expect(await up(`${dashboardUrl}/login`)).toBe(false);
  });
});
