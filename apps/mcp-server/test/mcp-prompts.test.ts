// Prompts, completions and resource templates through the SDK client: the caller's real data, and only theirs.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_RESOURCE_TEMPLATE, PROMPT_NAMES } from '@svc/contract';
import { cliEnv, runCli } from './helpers/cli';
import { startHarness, type Harness } from './helpers/harness';
import { closeAll, insertConflict, person, remembered, sharedProject, type Person } from './helpers/library';
import { connectStdio } from './helpers/stdio-client';
import { removeDataDir } from '@svc/vitest-config/data-dir';

let h: Harness;
let ada: Person;
let bob: Person;
const ids: Record<string, string> = {};
beforeAll(async () => {
  h = await startHarness();
  ada = await person(h, 'ada@example.com');
  bob = await person(h, 'bob@example.com');
  await sharedProject(h, 'Memory Service', ada);
  await sharedProject(h, 'Billing Platform', ada);
  await sharedProject(h, 'Mercury Secret', bob);
  ids.deploy = (await remembered(ada, { content: 'Deploys of Memory Service run on Fridays.', project_hint: 'memory service' })).id;
  ids.monday = (await remembered(ada, { content: 'Deploys of Memory Service run on Mondays.', project_hint: 'memory service' })).id;
  ids.loop = (await remembered(ada, { content: 'Write the restore runbook.', project_hint: 'memory service', loop: true })).id;
  ids.conflict = await insertConflict(h, ada.userId, ids.deploy, ids.monday);
  ids.bobs = (await remembered(bob, { content: 'Mercury launch code name is Kite.', project_hint: 'mercury secret' })).id;
});
afterAll(async () => {
  await closeAll([ada, bob]);
  await h.close();
});

const text = (result: Awaited<ReturnType<Client['getPrompt']>>) =>
  result.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n');

describe('prompts over HTTP', () => {
  it('declares prompts and completions and lists every prompt with described arguments', async () => {
    const caps = ada.client.getServerCapabilities();
    expect(caps?.prompts).toBeDefined();
    expect(caps?.completions).toEqual({});
    const { prompts } = await ada.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(PROMPT_NAMES);
    for (const prompt of prompts) {
      expect(prompt.title && prompt.description, prompt.name).toBeTruthy();
      for (const arg of prompt.arguments ?? []) expect(arg.description, `${prompt.name}.${arg.name}`).toBeTruthy();
    }
  });

  it('brief_project briefs from the caller\'s own project, found by initials', async () => {
    const out = text(await ada.client.getPrompt({ name: 'brief_project', arguments: { project: 'MS' } }));
    expect(out).toContain('Write the restore runbook.');
    expect(out).toContain('Deploys of Memory Service run on Fridays.');
  });

  it('brief_project refuses a missing project and never reaches another person\'s', async () => {
    await expect(ada.client.getPrompt({ name: 'brief_project', arguments: {} })).rejects.toThrow(/project/);
    const out = await ada.client.getPrompt({ name: 'brief_project', arguments: { project: 'Mercury Secret' } }).then(text, (e: Error) => e.message);
    expect(out).not.toContain('Kite');
  });

  it('review_conflicts lists the open conflict with both memories and their ids', async () => {
    const out = text(await ada.client.getPrompt({ name: 'review_conflicts', arguments: { project: 'memory-service' } }));
    expect(out).toContain(ids.conflict);
    expect(out).toContain(ids.deploy);
    expect(out).toContain('resolve_conflicts');
    expect(text(await bob.client.getPrompt({ name: 'review_conflicts' }))).toContain('no open conflicts');
  });

  it('plan_from_open_loops lists the project\'s open loops', async () => {
    const out = text(await ada.client.getPrompt({ name: 'plan_from_open_loops', arguments: { project: 'Memory Service' } }));
    expect(out).toContain(`[${ids.loop}] Write the restore runbook.`);
    expect(out).toContain('promote_loop');
  });

  it('store_durable_facts names the caller\'s projects, not anyone else\'s', async () => {
    const out = text(await ada.client.getPrompt({ name: 'store_durable_facts' }));
    expect(out).toContain('Memory Service, Billing Platform');
    expect(out).not.toContain('Mercury');
  });
});

describe('completions over HTTP', () => {
  const complete = (client: Client, value: string) =>
    client.complete({ ref: { type: 'ref/prompt', name: 'brief_project' }, argument: { name: 'project', value } });

  it('offers the caller\'s project names matched as project_hint matches them', async () => {
    expect((await complete(ada.client, '')).completion.values).toEqual(['Memory Service', 'Billing Platform']);
    expect((await complete(ada.client, 'memory-s')).completion.values).toEqual(['Memory Service']);
    expect((await complete(ada.client, 'bp')).completion.values).toEqual(['Billing Platform']);
    expect((await complete(ada.client, 'mer')).completion.values).toEqual([]);
    expect((await complete(bob.client, 'm')).completion.values).toEqual(['Mercury Secret']);
  });

  it('lists the memory template and completes its id from the caller\'s own memories only', async () => {
    const { resourceTemplates } = await ada.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain(MEMORY_RESOURCE_TEMPLATE);
    const byPrefix = (client: Client, value: string) =>
      client.complete({ ref: { type: 'ref/resource', uri: MEMORY_RESOURCE_TEMPLATE }, argument: { name: 'id', value } });
    const all = (await byPrefix(ada.client, '')).completion.values;
    expect(all).toEqual(expect.arrayContaining([ids.deploy, ids.monday, ids.loop]));
    expect(all).not.toContain(ids.bobs);
    expect((await byPrefix(ada.client, ids.loop!.slice(0, 8))).completion.values).toContain(ids.loop);
    expect((await byPrefix(ada.client, ids.bobs!.slice(0, 8))).completion.values).not.toContain(ids.bobs);
  });
});

describe('prompts and completions over stdio', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-stdio-prompts-'));
  let client: Client;
  beforeAll(async () => {
    const env = cliEnv({ DATA_DIR: dataDir });
    expect((await runCli(['user', 'add', 'solo@example.com'], env)).code).toBe(0);
    client = await connectStdio(env as Record<string, string>);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    removeDataDir(dataDir);
  });

  it('serves the same prompts, built from the session\'s data, and completes project names', async () => {
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(PROMPT_NAMES);
    const saved = await client.callTool({ name: 'remember', arguments: { content: 'Atlas builds nightly.', project_hint: '/home/solo/src/atlas', loop: true } });
    // What remember answered is part of the failure message: a refused write must not read as a missing loop.
    expect(saved.isError, JSON.stringify(saved.content)).toBeFalsy();
    const out = text(await client.getPrompt({ name: 'plan_from_open_loops', arguments: { project: 'atlas' } }));
    expect(out).toContain('Atlas builds nightly.');
    const done = await client.complete({ ref: { type: 'ref/prompt', name: 'review_conflicts' }, argument: { name: 'project', value: 'at' } });
    expect(done.completion.values).toEqual(['atlas']);
  });
});
