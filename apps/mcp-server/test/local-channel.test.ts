// Every `svc` command and stdio session works beside a running server on the same embedded data.
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSocketPath } from '../src/local/socket-path';
import { cliEnv, runCli, startServe, stop } from './helpers/cli';
import { call, connect } from './helpers/mcp-client';
import { connectStdio } from './helpers/stdio-client';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-local-'));
const env = cliEnv({ DATA_DIR: dataDir, EMBEDDINGS_PROVIDER: 'none' }) as Record<string, string>;
let served: Awaited<ReturnType<typeof startServe>>;
const clients: Client[] = [];

beforeAll(async () => {
  served = await startServe(env);
});
afterAll(async () => {
  for (const client of clients) await client.close();
  if (served) await stop(served.child);
  removeDataDir(dataDir);
});

async function cli(args: string[], input?: string) {
  const res = await runCli(args, env, input);
  expect(res.code, `svc ${args.join(' ')}: ${res.stderr}`).toBe(0);
  return res.stdout.trim();
}

describe('svc commands while the server runs', () => {
  let token = '';

  it('says how to make the first account, and serves the others on a socket only its owner can open', () => {
    expect(served.streams.stdout + served.streams.stderr).toContain('svc user add');
    const mode = statSync(localSocketPath(dataDir)).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('adds users (several at once), sets a password and migrates without stopping it', async () => {
    const added = await Promise.all(['ada', 'bob', 'cy', 'di'].map((n) => cli(['user', 'add', `${n}@example.com`])));
    for (const line of added) expect(line).toMatch(/^user \w+@example\.com created/);
    expect(await cli(['user', 'password', 'ada@example.com'], 'correct horse battery')).toMatch(/^password set for ada@example.com/);
    expect(await cli(['migrate'])).toBe('migrations applied');
  });

  it('issues a token that the running server accepts at once', async () => {
    token = await cli(['token', 'create', '--user', 'ada@example.com']);
    const ada = await connect(served.url, token);
    clients.push(ada);
    const res = await call(ada, 'remember', { content: 'The staging database is rebuilt every Monday.', project_hint: '/home/ada/src/atlas' });
    expect(res.error).toBeUndefined();
  });

  it('reports a refusal from the server with its code, as if it had happened here', async () => {
    const res = await runCli(['token', 'create', '--user', 'nobody@example.com'], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('not_found');
  });

  it('serves a stdio session through the server: a memory written over HTTP is recalled over stdio, and back', async () => {
    const http = await connect(served.url, token);
    const stdio = await connectStdio({ ...env, SVC_TOKEN: token });
    clients.push(http, stdio);
    const hint = '/home/ada/src/atlas';
    expect((await call(http, 'remember', { content: 'Invoices are archived to cold storage after ninety days.', project_hint: hint })).error).toBeUndefined();
    const overStdio = await call<{ results: { memory: { content: string } }[] }>(stdio, 'recall', { query: 'invoices archived cold storage', project_hint: hint });
    expect(overStdio.ok.results.map((r) => r.memory.content)).toContain('Invoices are archived to cold storage after ninety days.');
    expect((await call(stdio, 'remember', { content: 'The on-call rotation changes on Tuesdays at noon.', project_hint: hint })).error).toBeUndefined();
    const overHttp = await call<{ results: { memory: { content: string } }[] }>(http, 'recall', { query: 'on-call rotation Tuesdays', project_hint: hint });
    expect(overHttp.ok.results.map((r) => r.memory.content)).toContain('The on-call rotation changes on Tuesdays at noon.');
  });

  it('refuses a stdio session with a bad token before any frame, with the unauthorized code', async () => {
    await expect(connectStdio({ ...env, SVC_TOKEN: 'svc_not-a-real-token-aaaaaaaaaaaaaaaaaaaa' })).rejects.toThrow();
  });
});

describe('svc commands with nothing running', () => {
  let owner: Client;
  let second: Client;

  it('opens the data itself once the server has stopped, and finds what was written through it', async () => {
    expect(await stop(served.child)).toBe(0);
    expect(await cli(['token', 'create', '--user', 'di@example.com'])).toMatch(/^svc_/);
  });

  it('lets a stdio session hold the data and serve the commands and sessions that come after it', async () => {
    const token = await cli(['token', 'create', '--user', 'bob@example.com']);
    owner = await connectStdio({ ...env, SVC_TOKEN: token });
    clients.push(owner);
    expect(await cli(['user', 'add', 'eve@example.com'])).toMatch(/^user eve@example.com created/);
    second = await connectStdio({ ...env, SVC_TOKEN: token });
    clients.push(second);
    const hint = '/home/bob/src/ledger';
    expect((await call(owner, 'remember', { content: 'Ledger exports run nightly at two.', project_hint: hint })).error).toBeUndefined();
    const found = await call<{ results: { memory: { content: string } }[] }>(second, 'recall', { query: 'ledger exports nightly', project_hint: hint });
    expect(found.ok.results.map((r) => r.memory.content)).toContain('Ledger exports run nightly at two.');
  });

  it('hands the data to a server started later: both agents go on, now through the server', async () => {
    served = await startServe(env);
    const recalled = async (client: Client, query: string) =>
      (await call<{ results: { memory: { content: string } }[] }>(client, 'recall', { query, project_hint: '/home/bob/src/ledger' })).ok
        .results.map((r) => r.memory.content);
    expect(await recalled(owner, 'ledger exports nightly')).toContain('Ledger exports run nightly at two.');
    expect((await call(second, 'remember', { content: 'Ledger imports are checked by Ana.', project_hint: '/home/bob/src/ledger' })).error).toBeUndefined();
    const token = await cli(['token', 'create', '--user', 'bob@example.com']);
    const http = await connect(served.url, token);
    clients.push(http);
    const overHttp = await call<{ results: { memory: { content: string } }[] }>(http, 'recall', { query: 'ledger imports checked', project_hint: '/home/bob/src/ledger' });
    expect(overHttp.ok.results.map((r) => r.memory.content)).toContain('Ledger imports are checked by Ana.');
    const status = await runCli(['migrate'], env);
    expect(status.code).toBe(0);
    expect(served.streams.stdout + served.streams.stderr).toContain('local_channel_listening');
  });

  it('takes the data back into a stdio session when the server stops', async () => {
    expect(await stop(served.child)).toBe(0);
    const after = await call<{ results: { memory: { content: string } }[] }>(owner, 'recall', { query: 'ledger imports checked', project_hint: '/home/bob/src/ledger' });
    expect(after.error).toBeUndefined();
    expect(after.ok.results.map((r) => r.memory.content)).toContain('Ledger imports are checked by Ana.');
    expect((await call(second, 'recall', { query: 'ledger', project_hint: '/home/bob/src/ledger' })).error).toBeUndefined();
  });
});
