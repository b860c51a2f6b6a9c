// Get-or-create under many writers spread over two instances of one database: one project per new
// location, one board for it, one entity per name, however the writes interleave. On PostgreSQL the
// instances have pools of their own (truly concurrent transactions); on PGlite they share the one.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { sql } from 'drizzle-orm';
import { listProjectsForUser, rowsOf, type Database } from '@svc/db';
import { openTestDatabase, testStorage } from '@svc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';
import { startInstancePair } from './helpers/instance-pair';
import { call, connect, newUserToken } from './helpers/mcp-client';

let database: Database;
let instances: Harness[] = [];
let clients: Client[] = [];
let adaId = '';
let dispose: () => Promise<void>;

beforeAll(async () => {
  if (testStorage() === 'postgres') {
    const pair = await startInstancePair({ settings: { rateLimit: { toolCallsPerMinute: 100_000, burst: 100_000 } } });
    database = pair.database;
    instances = [pair.a, pair.b];
    dispose = () => pair.close();
  } else {
    database = await openTestDatabase();
    const settings = { rateLimit: { toolCallsPerMinute: 100_000, burst: 100_000 } };
    instances = [await startHarness({ database, settings }), await startHarness({ database, settings })];
    dispose = async () => {
      for (const h of instances) await h.close();
      await database.close();
    };
  }
  const ada = await newUserToken(database, 'ada@example.com');
  adaId = ada.userId;
  // Two agents per instance, so requests also run side by side inside one instance.
  clients = await Promise.all([0, 1, 0, 1].map((i) => connect(instances[i]!.url, ada.token)));
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.close();
  await dispose?.();
});

/** The i-th writer's client: round robin over both instances. */
const writer = (i: number) => clients[i % clients.length]!;

async function projectsAt(needle: string) {
  const all = await listProjectsForUser(database.db, adaId);
  return all.filter((m) => [...m.project.gitRemotes, ...m.project.repoPaths].some((at) => at.includes(needle)));
}

describe('first sight of a repository from two instances at once', () => {
  it('twenty remembers naming one new git remote make one project, found afterwards by its name', async () => {
    const remote = 'git@github.com:ada/two-instances.git';
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(writer(i), 'remember', { content: `Parallel fact ${i} about the shared repo.`, project_hint: remote })),
    );
    expect(results.map((r) => r.error?.message ?? 'ok')).toEqual(Array(20).fill('ok'));
    expect(await projectsAt('ada/two-instances')).toHaveLength(1);
    const byName = await call(writer(0), 'remember', { content: 'Written by the project name.', project_hint: 'two-instances' });
    expect(byName.error).toBeUndefined();
  });

  it('forty card creates on one new repository path land on one board with forty distinct numbers', async () => {
    const path = '/home/ada/src/two-instance-cards';
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call<{ card: { board_id: string; number: number } }>(writer(i), 'card', { action: 'create', title: `Card ${i}`, type: 'task', no_links: 'load test', project_hint: path }),
      ),
    );
    expect(results.filter((r) => r.error).map((r) => r.error?.message)).toEqual([]);
    expect(new Set(results.map((r) => r.ok.card.board_id)).size).toBe(1);
    expect(new Set(results.map((r) => r.ok.card.number)).size).toBe(40);
    expect(await projectsAt(path)).toHaveLength(1);
  });

  it('a remote and a path of the same checkout named at once are two locations, each made once', async () => {
    const remote = 'https://github.com/ada/both-ways';
    const path = '/home/ada/src/both-ways';
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(writer(i), 'remember', { content: `Both ways ${i}.`, project_hint: i % 2 ? remote : path })),
    );
    expect(results.map((r) => r.error?.message ?? 'ok')).toEqual(Array(20).fill('ok'));
    expect(await projectsAt('ada/both-ways')).toHaveLength(1);
    expect(await projectsAt(path)).toHaveLength(1);
  });
});

describe('one card attached to the same ref by many agents at once', () => {
  it('holds one live attachment, and every call succeeds', async () => {
    const created = await call<{ card: { label: string } }>(writer(0), 'card', {
      action: 'create', title: 'Attach target', type: 'task', no_links: 'load test', project_hint: '/home/ada/src/attach-race',
    });
    expect(created.error).toBeUndefined();
    const url = 'https://example.com/runbooks/attach-race';
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call<{ card: { refs: { ref_kind: string; ref: string }[] } }>(writer(i), 'card', {
          action: 'attach', card: created.ok.card.label, ref_kind: 'url', ref: url, project_hint: '/home/ada/src/attach-race',
        }),
      ),
    );
    expect(results.map((r) => r.error?.message ?? 'ok')).toEqual(Array(20).fill('ok'));
    const live = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from card_refs where ref = ${url} and detached_at is null`));
    expect(live[0]?.n).toBe(1);
  });
});

describe('entities named by many links at once', () => {
  it('twenty links naming the same two new entities (in any case) make one of each', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(writer(i), 'link', {
          action: 'entities',
          scope: 'personal',
          relations: [{ from: { name: i % 2 ? 'Grace' : 'grace', type: 'person' }, relation: 'maintains', to: { name: 'Compiler Service' } }],
        }),
      ),
    );
    expect(results.map((r) => r.error?.message ?? 'ok')).toEqual(Array(20).fill('ok'));
    const rows = rowsOf<{ name: string; n: number }>(
      await database.db.execute(
        sql`select lower(name) as name, count(*)::int as n from entities where lower(name) in ('grace', 'compiler service') group by lower(name) order by 1`,
      ),
    );
    expect(rows).toEqual([
      { name: 'compiler service', n: 1 },
      { name: 'grace', n: 1 },
    ]);
    const relations = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from entity_relations where relation = 'maintains'`));
    expect(relations[0]?.n).toBe(1);
  });
});
