import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '@svc/contract';
import { call } from './helpers/mcp-client';
import { cliEnv, runCli } from './helpers/cli';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-stdio-tools-'));
let client: Client;

beforeAll(async () => {
  const env = cliEnv({ DATA_DIR: dataDir });
  expect((await runCli(['user', 'add', 'solo@example.com'], env)).code).toBe(0);
  client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/cli.ts', 'stdio'],
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: env as Record<string, string>,
      stderr: 'ignore',
    }),
  );
}, 120_000);

afterAll(async () => {
  await client?.close();
  removeDataDir(dataDir);
});

/** Each call succeeds over stdio, so every registered tool is proven on this transport too. */
describe('every tool over stdio', () => {
  const ids: Record<string, string> = {};

  it('lists the same tools as over HTTP', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const name of names) expect(TOOL_NAMES).toContain(name);
    expect(names).not.toContain('delete_account');
  });

  const steps: [string, () => Record<string, unknown>, (out: Record<string, unknown>) => void][] = [
    ['remember', () => ({ content: 'The build uses pnpm workspaces.', project_hint: '/srv/repo/widget' }), (o) => {
      ids.memory = (o.memory as { id: string }).id;
      ids.thread = (o.session as { thread: string }).thread;
    }],
    ['remember', () => ({ content: 'Follow up on the flaky test.', loop: true, thread: ids.thread }), (o) => (ids.loop = (o.memory as { id: string }).id)],
    ['remember', () => ({ content: 'Another open loop to promote.', loop: true, thread: ids.thread }), (o) => (ids.loop2 = (o.memory as { id: string }).id)],
    ['recall', () => ({ query: 'which package manager does the build use', thread: ids.thread }), (o) => expect((o.results as unknown[]).length).toBeGreaterThan(0)],
    ['build_context', () => ({ task: 'fix the build', thread: ids.thread }), (o) => expect(o.briefing).toContain('Briefing')],
    ['search_memories', () => ({ query: 'pnpm' }), () => undefined],
    ['find_similar_memory', () => ({ content: 'The build uses pnpm.', min_similarity: 0 }), () => undefined],
    ['memory_version_history', () => ({ id: ids.memory }), () => undefined],
    ['link', () => ({ action: 'entities', relations: [{ from: { name: 'widget' }, relation: 'uses', to: { name: 'pnpm' } }], thread: ids.thread }), () => undefined],
    ['promote_rule', () => ({ rule_text: 'Run the tests before pushing.' }), () => undefined],
    ['import_memory', () => ({ items: [{ content: 'Imported note about the widget.' }], scope: 'personal' }), () => undefined],
    ['move_memories', () => ({ ids: [ids.memory], scope: 'personal' }), () => undefined],
    ['close_loop', () => ({ id: ids.loop, resolution: 'fixed' }), () => undefined],
    ['restore_memory', () => ({ id: ids.loop }), () => undefined],
    ['forget', () => ({ ids: [ids.loop], reason: 'obsolete' }), () => undefined],
    ['list_conflicts', () => ({}), () => undefined],
    ['resolve_conflicts', () => ({ policy: 'keep_newest' }), () => undefined],
    ['ingest_conversation', () => ({ transcript_chunk: 'user: hi', run_id: 'r1', session_key: 's1', sequence: 0 }), () => undefined],
    ['card', () => ({ action: 'create', title: 'Fix flaky test', type: 'bug', no_links: 'first card', thread: ids.thread }), (o) => (ids.card = (o.card as { label: string }).label)],
    ['board', () => ({ action: 'get', thread: ids.thread }), () => undefined],
    ['card_log', () => ({ card: ids.card, note: 'started looking', thread: ids.thread }), () => undefined],
    ['promote_loop', () => ({ memory_id: ids.loop2, type: 'task', no_links: 'standalone', state: 'backlog', thread: ids.thread }), () => undefined],
  ];

  it.each(steps.map((s, i) => [i, s[0]] as const))('step %i: %s succeeds', async (index) => {
    const [name, args, check] = steps[index]!;
    const { tools } = await client.listTools();
    if (!tools.some((t) => t.name === name)) throw new Error(`${name} is not registered`);
    const res = await call(client, name, args());
    expect(res.error, JSON.stringify(res.error)).toBeUndefined();
    check(res.ok);
  });
});
