import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from './helpers/cli';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-stdio-'));
afterAll(() => removeDataDir(dataDir));

describe('svc stdio', () => {
  it('writes only protocol frames to stdout, logs to stderr', async () => {
    const env = cliEnv({ DATA_DIR: dataDir });
    expect((await runCli(['user', 'add', 'solo@example.com'], env)).code).toBe(0);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'stdio'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env,
    });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => stdout.push(d));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    child.stdin.write(`${JSON.stringify(init)}\n`);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer; stderr: ${stderr}`)), 30_000);
      child.stdout.on('data', () => {
        if (Buffer.concat(stdout).toString().includes('\n')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.stdin.end();
    await new Promise((r) => child.once('exit', r));
    const text = Buffer.concat(stdout).toString();
    // Every byte on stdout belongs to a JSON-RPC frame: one message per line, no blank line, nothing else.
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty('jsonrpc', '2.0');
    expect(JSON.parse(lines[0]!)).toMatchObject({ id: 1, result: { capabilities: { experimental: { 'service/contract': {} } } } });
    expect(stderr).toContain('stdio_ready');
  });
});
