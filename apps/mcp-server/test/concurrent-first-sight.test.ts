// Many first writes naming one new repository (or entity) at once make one project, one board and
// one entity, on either database.
import { entities, listProjectsForUser } from '@svc/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverWithUsers } from './helpers/fixture';
import { call } from './helpers/mcp-client';

const fx = serverWithUsers(['ada']);

/** Ada's projects whose remotes or paths mention `needle` (remotes are stored normalised). */
async function projectsAt(needle: string) {
  const { db } = fx.h.deps.database;
  const owner = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'ada@example.com') });
  const all = await listProjectsForUser(db, owner!.id);
  return all.filter((m) => [...m.project.gitRemotes, ...m.project.repoPaths].some((at) => at.includes(needle)));
}

describe('first sight of a repository under concurrent writers', () => {
  it('ten remembers naming one new git remote at once create one project, and its name then resolves', async () => {
    const remote = 'git@github.com:ada/ten-at-once.git';
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(fx.users.ada, 'remember', { content: `Fact number ${i} about the parallel repo.`, project_hint: remote })),
    );
    expect(results.map((r) => r.error?.message ?? 'ok')).toEqual(Array(10).fill('ok'));
    expect(await projectsAt('ada/ten-at-once')).toHaveLength(1);
    const byName = await call(fx.users.ada, 'remember', { content: 'Written by the project name.', project_hint: 'ten-at-once' });
    expect(byName.error).toBeUndefined();
  });

  it('forty card creates on one new repository path land on one board', async () => {
    const path = '/home/ada/src/forty-cards';
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call<{ card: { board_id: string } }>(fx.users.ada, 'card', { action: 'create', title: `Card ${i}`, type: 'task', no_links: 'load test', project_hint: path }),
      ),
    );
    expect(results.filter((r) => r.error).map((r) => r.error?.message)).toEqual([]);
    expect(new Set(results.map((r) => r.ok.card.board_id)).size).toBe(1);
    expect(await projectsAt(path)).toHaveLength(1);
  });
});

describe('first mention of an entity under concurrent writers', () => {
  it('typed and untyped mentions of one new entity at once make one entity, typed', async () => {
    const name = 'Quasar Ledger';
    // Relations in both directions too: each call locks the names it mentions in one order.
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const entity = i % 2 === 0 ? { name, type: 'service' } : { name: i % 4 === 1 ? name : name.toUpperCase() };
        const other = { name: `Caller ${i % 3}` };
        const relation = i % 3 === 0 ? { from: other, relation: 'uses', to: entity } : { from: entity, relation: 'serves', to: other };
        return call(fx.users.ada, 'link', { action: 'entities', scope: 'personal', relations: [relation] });
      }),
    );
    expect(results.map((r) => r.error?.message ?? 'ok')).toEqual(Array(12).fill('ok'));
    const named = await fx.h.deps.database.db
      .select({ name: entities.name, type: entities.type })
      .from(entities)
      .where(sql`lower(${entities.name}) = lower(${name})`);
    expect(named).toHaveLength(1);
    expect(named[0]!.type).toBe('service');
  });
});
