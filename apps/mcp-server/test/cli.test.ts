import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli, startServe, stop } from './helpers/cli';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
const env = cliEnv({ DATA_DIR: dataDir });
afterAll(() => removeDataDir(dataDir));

async function mcpInitialize(url: string, token: string): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
}

describe('svc CLI on the embedded database', () => {
  let token = '';

  it('migrates, adds a user and prints a token for them', async () => {
    expect((await runCli(['migrate'], env)).code).toBe(0);
    const added = await runCli(['user', 'add', 'grace@example.com', '--name', 'Grace'], env);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('grace@example.com');
    const created = await runCli(['token', 'create', '--user', 'grace@example.com'], env);
    expect(created.code).toBe(0);
    token = created.stdout.trim();
    expect(token).toMatch(/^svc_[A-Za-z0-9_-]{20,}$/);
  });

  it('refuses a token for an unknown user with a clear message', async () => {
    const res = await runCli(['token', 'create', '--user', 'nobody@example.com'], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('not_found');
  });

  it('serves on its port, and the token survives a restart of the embedded database', async () => {
    for (let round = 0; round < 2; round++) {
      const { child, url } = await startServe(env);
      try {
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
        const res = await mcpInitialize(url, token);
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('service/contract');
      } finally {
        expect(await stop(child)).toBe(0);
      }
    }
  });
});
