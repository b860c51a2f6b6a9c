// MCP logging through the SDK client: the capability, logging/setLevel per session, and notifications an agent can act on.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LoggingMessageNotificationSchema, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from './helpers/cli';
import { serverWithUsers } from './helpers/fixture';
import { call, connect, newUserToken } from './helpers/mcp-client';
import { connectStdio } from './helpers/stdio-client';
import { removeDataDir } from '@svc/vitest-config/data-dir';

type Message = LoggingMessageNotification['params'];

function collect(client: Client): Message[] {
  const seen: Message[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void seen.push(n.params));
  return seen;
}

/** A remember with no scope, by a person with no projects: refused with scope_target_required. */
const refusedWrite = { content: 'The staging database is called orca.' };

const fx = serverWithUsers(['ada', 'bob']);

describe('logging over HTTP', () => {
  it('declares the logging capability', () => {
    expect(fx.users.ada.getServerCapabilities()?.logging).toEqual({});
  });

  it('sends a refused write as a warning naming the refusal, never the content', async () => {
    const seen = collect(fx.users.ada);
    const res = await call(fx.users.ada, 'remember', refusedWrite);
    expect(res.error?.code).toBe('validation_failed');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      level: 'warning',
      logger: 'memory-service',
      data: { event: 'write_refused', tool: 'remember', code: 'validation_failed', refusal: 'scope_target_required' },
    });
    expect(JSON.stringify(seen[0])).not.toContain('orca');
  });

  it('sends nothing for a successful write or a refused read', async () => {
    const seen = collect(fx.users.ada);
    expect((await call(fx.users.ada, 'remember', { ...refusedWrite, scope: 'personal' })).error).toBeUndefined();
    expect((await call(fx.users.ada, 'recall', { query: 'x', k: 1000 })).error?.code).toBe('validation_failed');
    expect(seen).toEqual([]);
  });

  it('honours logging/setLevel for that session in later requests, and only for it', async () => {
    const { token } = await newUserToken(fx.h.deps.database, 'carol@example.com');
    const carol = await connect(fx.h.url, token);
    const carolSeen = collect(carol);
    const bobSeen = collect(fx.users.bob);
    await carol.setLoggingLevel('error');
    await call(carol, 'remember', refusedWrite);
    await call(fx.users.bob, 'remember', refusedWrite);
    expect(carolSeen).toEqual([]);
    expect(bobSeen.map((m) => m.level)).toEqual(['warning']);
    // Another connection on the same credential is the same session: the level holds there too.
    const again = await connect(fx.h.url, token);
    const againSeen = collect(again);
    await call(again, 'remember', refusedWrite);
    expect(againSeen).toEqual([]);
    await carol.setLoggingLevel('debug');
    await call(again, 'remember', refusedWrite);
    expect(againSeen.map((m) => m.data)).toEqual([expect.objectContaining({ event: 'write_refused' })]);
    await Promise.all([carol.close(), again.close()]);
  });
});

describe('logging over stdio', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-stdio-logging-'));
  let client: Client;
  let seen: Message[];
  beforeAll(async () => {
    const env = cliEnv({ DATA_DIR: dataDir });
    expect((await runCli(['user', 'add', 'solo@example.com'], env)).code).toBe(0);
    client = await connectStdio(env as Record<string, string>);
    seen = collect(client);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    removeDataDir(dataDir);
  });

  it('tells the session when a run it started has finished, after the call returned', async () => {
    const started = await call<{ run: { id: string; status: string } }>(client, 'scan_hygiene', {});
    expect(started.error).toBeUndefined();
    const deadline = Date.now() + 30_000;
    while (!seen.some((m) => (m.data as { event?: string }).event === 'run_finished') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(seen.find((m) => (m.data as { event?: string }).event === 'run_finished')).toMatchObject({
      level: 'notice',
      data: { tool: 'scan_hygiene', run_id: started.ok.run.id, status: 'succeeded' },
    });
  }, 40_000);

  it('honours logging/setLevel for the session', async () => {
    seen.length = 0;
    await client.setLoggingLevel('error');
    await call(client, 'remember', refusedWrite);
    expect(seen).toEqual([]);
    await client.setLoggingLevel('warning');
    await call(client, 'remember', refusedWrite);
    expect(seen.map((m) => (m.data as { refusal?: string }).refusal)).toEqual(['scope_target_required']);
  });
});
