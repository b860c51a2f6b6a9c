// `svc serve` killed outright (kill -9) on the embedded data: a supervisor restarting it at once gets a
// server, with every acknowledged write, while a second live server on the same data is still refused.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli, startServe, stop } from './helpers/cli';
import { call, connect } from './helpers/mcp-client';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-crash-'));
const env = cliEnv({ DATA_DIR: dataDir, EMBEDDINGS_PROVIDER: 'none' }) as Record<string, string>;
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) await stop(child);
  removeDataDir(dataDir);
});

async function killOutright(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('svc serve after kill -9', () => {
  it('refuses a second live server, then starts again at once after the first is killed, with its writes', { timeout: 120_000 }, async () => {
    const first = await startServe(env);
    children.push(first.child);
    await runCli(['user', 'add', 'ada@example.com'], env);
    const token = (await runCli(['token', 'create', '--user', 'ada@example.com'], env)).stdout.trim();
    const ada = await connect(first.url, token);
    const written = await call<{ memory: { id: string } }>(ada, 'remember', { content: 'The crash drill runs on Tuesdays.', scope: 'personal' });
    expect(written.error).toBeUndefined();
    await ada.close();

    // Two live servers on one data directory: the second is refused, naming the holder.
    const second = await startServe(env).then(
      (s) => {
        children.push(s.child);
        return 'started';
      },
      (thrown: unknown) => String(thrown),
    );
    expect(second).toMatch(/serve exited with [1-9]/);
    expect(second).toMatch(/conflict|in use|pid/i);

    await killOutright(first.child);
    // At once: no wait for the dead holder's lock to go stale.
    const restarted = await startServe(env);
    children.push(restarted.child);
    const again = await connect(restarted.url, token);
    const recalled = await call<{ results: { memory: { id: string } }[] }>(again, 'recall', { query: 'crash drill', scope: 'personal' });
    await again.close();
    expect(recalled.error, JSON.stringify(recalled.error)).toBeUndefined();
    expect(recalled.ok.results.map((r) => r.memory.id)).toContain(written.ok.memory.id);
  });
});
