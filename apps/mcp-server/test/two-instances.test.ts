import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createUser, openDatabase } from '@svc/db';
import type { ChildProcess } from 'node:child_process';
import { cliEnv, startServe, stop } from './helpers/cli';
import { call, connect } from './helpers/mcp-client';
import { startSocketDatabase, type SocketDatabase } from './helpers/socket-database';

let socket: SocketDatabase;
const servers: { child: ChildProcess; url: string }[] = [];
let token = '';

beforeAll(async () => {
  socket = await startSocketDatabase({ maxConnections: 3 });
  const admin = await openDatabase({ url: socket.url, poolMax: 1 });
  const { user } = await createUser(admin.db, 'ada@example.com');
  token = (await createApiToken(admin.db, user.id)).token;
  await admin.close();
  // Two separate server processes over the one database, as behind a load balancer.
  const env = cliEnv({ DATABASE_URL: socket.url, DATABASE_POOL_MAX: '1' });
  servers.push(await startServe(env));
  servers.push(await startServe(env));
}, 120_000);

afterAll(async () => {
  for (const s of servers) await stop(s.child);
  await socket.close();
});

describe('two server processes on one database', () => {
  it('serve one client interchangeably: the thread made on one selects the project on the other', async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    const onA = await connect(a.url, token);
    const first = await call<{ session: { thread: string; attached_project: { id: string } } }>(onA, 'remember', {
      content: 'The invoice service retries webhooks three times.',
      project_hint: 'git@github.com:acme/invoices.git',
    });
    expect(first.error).toBeUndefined();
    await onA.close();

    // A reconnect that lands on the other instance keeps the project through the thread alone.
    const onB = await connect(b.url, token);
    const second = await call<{ memory: { scope: string } }>(onB, 'remember', {
      content: 'Webhook retries back off exponentially.',
      thread: first.ok.session.thread,
    });
    expect(second.ok.memory.scope).toBe(`project:${first.ok.session.attached_project.id}`);
    const found = await call<{ results: { memory: { content: string } }[] }>(onB, 'recall', {
      query: 'how many times are webhooks retried',
      thread: first.ok.session.thread,
    });
    expect(found.ok.results.map((r) => r.memory.content)).toContain('The invoice service retries webhooks three times.');
    await onB.close();
  });
});
