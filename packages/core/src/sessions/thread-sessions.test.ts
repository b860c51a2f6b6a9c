// loadThreadSession in one statement: the caller's own thread with its project, touched when stale.
import { sql } from 'drizzle-orm';
import { rowsOf } from '@svc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorld, type World } from '../../test/retrieval-support';
import { attachProject, loadThreadSession } from './thread-sessions';

let world: World;
let thread = '';
let id = '';
beforeAll(async () => {
  world = await openWorld();
  const attached = await world.database.asUser(world.alice, (tx) =>
    attachProject(tx, world.alice.userId, { id: null, thread: null, project: null }, { id: world.project.id, name: 'retrieval' }),
  );
  thread = attached.thread!;
  id = attached.id!;
});
afterAll(() => world.database.close());

async function seenHoursAgo(): Promise<number> {
  const [row] = rowsOf<{ h: number }>(
    await world.database.db.execute(sql`select extract(epoch from now() - last_seen_at) / 3600 as h from mcp_sessions where id = ${id}::uuid`),
  );
  return Number(row!.h);
}

async function setSeenHoursAgo(hours: number): Promise<void> {
  await world.database.db.execute(sql`update mcp_sessions set last_seen_at = now() - ${hours} * interval '1 hour' where id = ${id}::uuid`);
}

describe('loadThreadSession', () => {
  it("finds the caller's thread with its project", async () => {
    const session = await world.database.asUser(world.alice, (tx) => loadThreadSession(tx, world.alice.userId, thread));
    expect(session).toEqual({ id, thread, project: { id: world.project.id, name: 'retrieval' } });
  });

  it("selects nothing for another user's thread, nor one never issued, and touches nothing", async () => {
    await setSeenHoursAgo(5);
    const foreign = await world.database.asUser(world.bob, (tx) => loadThreadSession(tx, world.bob.userId, thread));
    expect(foreign).toEqual({ id: null, thread: null, project: null });
    const unknown = await world.database.asUser(world.alice, (tx) => loadThreadSession(tx, world.alice.userId, 'thr_000000000000000000000000'));
    expect(unknown).toEqual({ id: null, thread: null, project: null });
    expect(await seenHoursAgo()).toBeGreaterThan(4.9);
  });

  it('touches last_seen_at when it is over an hour old, and leaves a fresh one alone', async () => {
    await setSeenHoursAgo(5);
    await world.database.asUser(world.alice, (tx) => loadThreadSession(tx, world.alice.userId, thread));
    expect(await seenHoursAgo()).toBeLessThan(0.1);
    await setSeenHoursAgo(0.5);
    await world.database.asUser(world.alice, (tx) => loadThreadSession(tx, world.alice.userId, thread));
    expect(await seenHoursAgo()).toBeGreaterThan(0.4);
  });
});
