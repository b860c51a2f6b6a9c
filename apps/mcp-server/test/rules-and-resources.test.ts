import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';
import { call, connect, newUserToken } from './helpers/mcp-client';

let h: Harness;
let adaToken = '';
let ada: Client;
let bob: Client;
beforeAll(async () => {
  h = await startHarness();
  adaToken = (await newUserToken(h.deps.database, 'ada@example.com')).token;
  ada = await connect(h.url, adaToken);
  bob = await connect(h.url, (await newUserToken(h.deps.database, 'bob@example.com')).token);
});
afterAll(async () => {
  await ada.close();
  await bob.close();
  await h.close();
});

describe('standing rules at connect time', () => {
  it('delivers a promoted rule in the instructions of the next session, and in svc://rules', async () => {
    const promoted = await call<{ rule: { id: string } }>(ada, 'promote_rule', { rule_text: 'Answer in British English.' });
    expect(promoted.error).toBeUndefined();
    const next = await connect(h.url, adaToken);
    expect(next.getInstructions()).toContain('Answer in British English.');
    const read = await next.readResource({ uri: 'svc://rules' });
    const first = read.contents[0] as { text: string };
    expect(JSON.parse(first.text).rules.map((r: { rule_text: string }) => r.rule_text)).toContain('Answer in British English.');
    await next.close();
    // another person's session carries none of Ada's rules
    expect(bob.getInstructions()).not.toContain('British English');
  });

  it('serves the session and counts when the rules lookup fails', async () => {
    const before = (await h.deps.metrics.rulesLookupFailures.get()).values[0]?.value ?? 0;
    const original = h.deps.database.asUser.bind(h.deps.database);
    h.deps.database.asUser = () => Promise.reject(new Error('database hiccup'));
    try {
      const client = await connect(h.url, adaToken);
      expect(client.getInstructions()).toContain('persistent memory');
      await client.close();
    } finally {
      h.deps.database.asUser = original;
    }
    expect((await h.deps.metrics.rulesLookupFailures.get()).values[0]?.value).toBe(before + 1);
  });
});

describe('svc://memory/{id}', () => {
  it('returns the full, untruncated row to its owner only', async () => {
    const long = `Runbook: ${'restart the worker, then check the queue depth. '.repeat(60)}`;
    const saved = await call<{ memory: { id: string; uri: string; truncated: boolean } }>(ada, 'remember', { content: long, scope: 'personal' });
    expect(saved.ok.memory.truncated).toBe(true);
    const read = await ada.readResource({ uri: saved.ok.memory.uri });
    const row = JSON.parse((read.contents[0] as { text: string }).text) as { content: string; truncated: boolean };
    expect(row.content).toBe(long.trim());
    expect(row.truncated).toBe(false);
    // which row a URI resolves to is decided by who asks
    await expect(bob.readResource({ uri: saved.ok.memory.uri })).rejects.toThrow(/not found/i);
  });
});
