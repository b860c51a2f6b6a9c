// `svc connect`: the stdio set-up it prints, run as printed from another directory with a bare PATH, serves the instance's data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from './helpers/mcp-client';
import { cliEnv, runCli } from './helpers/cli';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'svc-connect-'));
const elsewhere = mkdtempSync(join(tmpdir(), 'svc-connect-cwd-'));
afterAll(() => {
  removeDataDir(dataDir);
  rmSync(elsewhere, { recursive: true, force: true });
});

interface StdioEntry {
  command: string;
  args: string[];
  env: Record<string, string>;
}

describe('svc connect', () => {
  it('prints a stdio command that works from any directory, on the same data, as the token’s user', async () => {
    const env = cliEnv({ DATA_DIR: dataDir, EMBEDDINGS_PROVIDER: 'none' });
    expect((await runCli(['user', 'add', 'ada@example.com'], env)).code).toBe(0);
    expect((await runCli(['user', 'add', 'bob@example.com'], env)).code).toBe(0);
    const created = await runCli(['token', 'create', '--user', 'ada@example.com'], env);
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trim();

    // DATA_DIR as the operator wrote it: relative to where `svc connect` runs (the CLI's directory here).
    const connectEnv = cliEnv({ DATA_DIR: relative(APP_DIR, dataDir), EMBEDDINGS_PROVIDER: 'none' });
    const asJson = await runCli(['connect', 'generic', '--transport', 'stdio', '--token', token, '--json'], connectEnv);
    expect(asJson.code, asJson.stderr).toBe(0);
    const { snippets } = JSON.parse(asJson.stdout) as { snippets: { kind: string; text: string }[] };
    expect(snippets.map((s) => s.kind)).toEqual(['stdio']);
    const server = (JSON.parse(snippets[0]!.text) as { mcpServers: Record<string, StdioEntry> }).mcpServers.memory!;
    expect(server.env).toEqual({ DATA_DIR: dataDir, EMBEDDINGS_PROVIDER: 'none', SVC_TOKEN: token });
    // What a person copies from the plain output is the same text.
    const asText = await runCli(['connect', 'generic', '--transport', 'stdio', '--token', token], connectEnv);
    expect(asText.stdout).toContain(snippets[0]!.text);

    const client = new Client({ name: 'connect-test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: server.command,
      args: server.args,
      // A GUI client's bare PATH: nothing of this checkout's tools (pnpm, tsx, Node 22) is on it.
      env: { ...server.env, PATH: '/usr/bin:/bin' },
      cwd: elsewhere,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      await client.connect(transport);
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('remember');
      expect(names).toContain('recall');
      const saved = await call(client, 'remember', { content: 'Connected from another directory.', scope: 'personal' });
      expect(saved.error, JSON.stringify(saved.error)).toBeUndefined();
      // Two users exist, so only SVC_TOKEN can have said who the caller is.
      const found = await call<{ memories: { memory: { content: string } }[] }>(client, 'search_memories', { query: 'another directory' });
      expect(found.ok.memories.map((m) => m.memory.content)).toContain('Connected from another directory.');
    } catch (err) {
      throw new Error(`${String(err)}\nstdio stderr:\n${stderr}`);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('refuses an unknown client, naming the known ones', async () => {
    const out = await runCli(['connect', 'emacs'], cliEnv({ DATA_DIR: dataDir }));
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('validation_failed: Unknown client "emacs"; known clients: claude-code, claude-desktop, cursor, vscode, generic');
  });
});
