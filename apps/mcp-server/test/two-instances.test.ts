// Two `svc serve` processes over one database, as behind a load balancer: on the PostgreSQL leg they
// start at the same moment on a fresh database (migrations race for the advisory lock) and take
// truly concurrent requests; on the embedded leg they share a PGlite through pglite-socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createApiToken, createUser, openDatabase, rowsOf, type Database } from '@svc/db';
import { createTestDatabaseUrl, testStorage } from '@svc/db/testing';
import type { ChildProcess } from 'node:child_process';
import { cliEnv, startServe, stop } from './helpers/cli';
import { call, connect } from './helpers/mcp-client';
import { startSocketDatabase } from './helpers/socket-database';

const onPostgres = testStorage() === 'postgres';
/** The PostgreSQL leg's own connection, to look at what the servers wrote. */
let admin: Database | undefined;
let dispose: () => Promise<void>;
const servers: { child: ChildProcess; url: string }[] = [];
let token = '';

/** Both at the same moment on the PostgreSQL leg; one after the other over pglite-socket's one session. */
async function serveTwo(url: string, poolMax: string): Promise<void> {
  const env = cliEnv({ DATABASE_URL: url, DATABASE_POOL_MAX: poolMax });
  if (!onPostgres) {
    servers.push(await startServe(env));
    servers.push(await startServe(env));
    return;
  }
  // allSettled: a failed start must not leave the other process running.
  const failures: unknown[] = [];
  for (const started of await Promise.allSettled([startServe(env), startServe(env)])) {
    if (started.status === 'fulfilled') servers.push(started.value);
    else failures.push(started.reason);
  }
  if (failures.length > 0)
    throw new Error(
      `only ${servers.length} of 2 instances came up: ${failures.map(String).join('\n')}`,
    );
}

async function seedToken(database: Database): Promise<string> {
  const { user } = await createUser(database.db, 'ada@example.com');
  return (await createApiToken(database.db, user.id)).token;
}

beforeAll(async () => {
  if (onPostgres) {
    const made = await createTestDatabaseUrl();
    dispose = made.drop;
    // Both processes find an empty database and migrate it at once.
    await serveTwo(made.url, '10');
    admin = await openDatabase({ url: made.url, migrate: false });
    token = await seedToken(admin);
  } else {
    // pglite-socket runs every connection on one PGlite session: the fixture connection is closed
    // before the servers start, so no session state of it reaches their requests.
    const socket = await startSocketDatabase({ maxConnections: 3 });
    dispose = () => socket.close();
    const fixture = await openDatabase({ url: socket.url, poolMax: 1 });
    token = await seedToken(fixture);
    await fixture.close();
    await serveTwo(socket.url, '1');
  }
}, 120_000);

afterAll(async () => {
  for (const s of servers) await stop(s.child);
  await admin?.close();
  await dispose?.();
});

describe('two server processes on one database', () => {
  it.runIf(onPostgres)(
    'both come up when started together on a fresh database, which is migrated once',
    async () => {
      for (const s of servers) expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
      const applied = rowsOf<{ hash: string }>(
        await admin!.db.execute(sql`select hash from drizzle.__drizzle_migrations`),
      );
      expect(applied.length).toBeGreaterThan(0);
      expect(new Set(applied.map((row) => row.hash)).size, 'a migration was applied twice').toBe(
        applied.length,
      );
    },
  );

  it('serve one client interchangeably: the thread made on one selects the project on the other', async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    const onA = await connect(a.url, token);
    const first = await call<{ session: { thread: string; attached_project: { id: string } } }>(
      onA,
      'remember',
      {
        content: 'The invoice service retries webhooks three times.',
        project_hint: 'git@github.com:acme/invoices.git',
      },
    );
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
    expect(found.ok.results.map((r) => r.memory.content)).toContain(
      'The invoice service retries webhooks three times.',
    );
    await onB.close();
  });

  it.runIf(onPostgres)('keep every write of concurrent requests spread over both', async () => {
    const clients = await Promise.all(servers.map((s) => connect(s.url, token)));
    const contents = Array.from(
      { length: 24 },
      (_, i) => `Concurrent fact number ${i} about the billing queue.`,
    );
    const outcomes = await Promise.all(
      contents.map((content, i) =>
        call(clients[i % 2]!, 'remember', { content, scope: 'personal' }),
      ),
    );
    expect(outcomes.map((o) => o.error)).toEqual(contents.map(() => undefined));
    const stored = rowsOf<{ content: string }>(
      await admin!.db.execute(
        sql`select content from memories where content like 'Concurrent fact number %'`,
      ),
    );
    expect(stored.map((r) => r.content).sort()).toEqual([...contents].sort());
    for (const client of clients) await client.close();
  });
});
