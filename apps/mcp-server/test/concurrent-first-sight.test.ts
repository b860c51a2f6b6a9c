// Many first writes naming one new repository at once make one project and one board, on either database.
import { listProjectsForUser } from '@svc/db';
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
