// `svc project list | members | add-member | remove-member` beside a running server, and the rules on shared memories they lead to.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli, startServe, stop } from './helpers/cli';
import { call, connect } from './helpers/mcp-client';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-project-cli-'));
const env = cliEnv({ DATA_DIR: dataDir, EMBEDDINGS_PROVIDER: 'none' }) as Record<string, string>;
let served: Awaited<ReturnType<typeof startServe>>;
const agents: Record<string, Client> = {};

async function cli(args: string[]) {
  const res = await runCli(args, env);
  expect(res.code, `svc ${args.join(' ')}: ${res.stderr}`).toBe(0);
  return res.stdout.trim();
}

async function refused(args: string[]) {
  const res = await runCli(args, env);
  expect(res.code, `svc ${args.join(' ')} should fail`).toBe(1);
  return res.stderr.trim();
}

const remember = (who: string, content: string) =>
  call<{ memory: { id: string } }>(agents[who]!, 'remember', { content, project_hint: 'billing', on_duplicate: 'store_anyway' });
const searchIds = async (who: string, query: string) =>
  (await call<{ memories: { memory: { id: string } }[] }>(agents[who]!, 'search_memories', { query })).ok.memories.map((m) => m.memory.id);

beforeAll(async () => {
  served = await startServe(env);
  for (const name of ['ada', 'bob', 'cy']) {
    await cli(['user', 'add', `${name}@example.com`, '--no-password']);
    agents[name] = await connect(served.url, await cli(['token', 'create', '--user', `${name}@example.com`]));
  }
  // First sight of a repository sets up the project, owned by ada.
  const first = await call(agents.ada!, 'remember', { content: 'Invoices go out on the first.', project_hint: '/home/ada/src/billing' });
  expect(first.error).toBeUndefined();
});
afterAll(async () => {
  for (const client of Object.values(agents)) await client.close();
  if (served) await stop(served.child);
  removeDataDir(dataDir);
});

describe('svc project, while the server runs', () => {
  it('lists projects with their members, memories and owners', async () => {
    const listed = (await cli(['project', 'list'])).split('\n');
    expect(listed[0]).toMatch(/^SLUG\s+NAME\s+MEMBERS\s+MEMORIES\s+OWNERS\s+ID$/);
    expect(listed[1]).toMatch(/^billing\s+billing\s+1\s+1\s+ada@example\.com\s+[0-9a-f-]{36}$/);
    expect(await cli(['project', 'members', 'billing'])).toMatch(/^EMAIL\s+ROLE\s+JOINED\nada@example\.com\s+owner\s+\d{4}-\d\d-\d\d$/);
  });

  it('adds a writer and a reader by email; the writer writes and retires, the reader only reads', async () => {
    expect(await cli(['project', 'add-member', 'billing', 'BOB@example.com', '--role', 'writer'])).toBe('bob@example.com added to billing as writer');
    expect(await cli(['project', 'add-member', 'billing', 'cy@example.com', '--role', 'reader'])).toBe('cy@example.com added to billing as reader');
    expect((await cli(['project', 'members', 'billing'])).split('\n').slice(1).map((l) => l.split(/\s+/).slice(0, 2))).toEqual([
      ['ada@example.com', 'owner'],
      ['bob@example.com', 'writer'],
      ['cy@example.com', 'reader'],
    ]);

    const adas = await remember('ada', 'Refunds need a second approver.');
    expect((await remember('bob', 'Bob notes the dunning schedule.')).error).toBeUndefined();
    const byReader = await remember('cy', 'Cy may not write here.');
    expect(byReader.error?.code).toBe('forbidden');
    expect(await searchIds('cy', 'refunds')).toContain(adas.ok.memory.id);
    expect((await call(agents.cy!, 'forget', { ids: [adas.ok.memory.id] })).ok).toEqual({ retired: [], skipped: [{ id: adas.ok.memory.id, reason: 'forbidden' }] });
    expect((await call(agents.bob!, 'forget', { ids: [adas.ok.memory.id] })).ok).toEqual({ retired: [adas.ok.memory.id], skipped: [] });
  });

  it('changes a role with add-member on a member, and lists one person\'s projects', async () => {
    expect(await cli(['project', 'add-member', 'billing', 'cy@example.com', '--role', 'writer'])).toBe(
      'cy@example.com: role in billing changed from reader to writer',
    );
    expect(await cli(['project', 'add-member', 'billing', 'cy@example.com', '--role', 'writer'])).toBe('cy@example.com is already writer in billing');
    expect((await remember('cy', 'Cy writes now.')).error).toBeUndefined();
    const mine = (await cli(['project', 'list', '--user', 'cy@example.com'])).split('\n');
    expect(mine[0]).toMatch(/^SLUG\s+NAME\s+ROLE\s+MEMBERS\s+MEMORIES\s+CARDS\s+LAST ACTIVITY$/);
    expect(mine[1]).toMatch(/^billing\s+billing\s+writer\s+3\s+\d+\s+0\/0\s+\d{4}-\d\d-\d\d$/);
  });

  it('removes a member, who then neither sees nor writes the project', async () => {
    const id = (await remember('ada', 'Dunning starts after 30 days.')).ok.memory.id;
    expect(await searchIds('bob', 'dunning')).toContain(id);
    expect(await cli(['project', 'remove-member', 'billing', 'bob@example.com'])).toBe('bob@example.com (writer) removed from billing');
    expect(await searchIds('bob', 'dunning')).not.toContain(id);
    expect((await remember('bob', 'After removal.')).error?.code).toBe('validation_failed');
  });

  it('refuses what would leave no owner, an unknown account or project, and a role that does not exist', async () => {
    expect(await refused(['project', 'remove-member', 'billing', 'ada@example.com'])).toMatch(/^svc: conflict: A project keeps at least one owner/);
    expect(await refused(['project', 'add-member', 'billing', 'ada@example.com', '--role', 'reader'])).toMatch(/^svc: conflict:/);
    expect(await refused(['project', 'add-member', 'billing', 'nobody@example.com'])).toMatch(/^svc: not_found: No user with email nobody@example\.com: create the account first/);
    expect(await refused(['project', 'members', 'payroll'])).toMatch(/^svc: not_found: No project payroll/);
    expect(await refused(['project', 'add-member', 'billing', 'cy@example.com', '--role', 'admin'])).toMatch(/^svc: validation_failed:/);
    expect(await refused(['project', 'remove-member', 'billing', 'bob@example.com'])).toMatch(/^svc: not_found: No such member/);
  });
});
