// The memories of the time a query names are read through the event-time indexes, not by reading every memory.
import { rowsOf, type Tx } from '@svc/db';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorld, store, type World } from '../../../test/retrieval-support';
import { DEFAULT_TUNING } from '../tuning';
import type { TimeRange } from '../query-time';
import { candidatesStatement, type CandidateRow } from './candidates';

let world: World;
let ids: string[];

beforeAll(async () => {
  world = await openWorld();
  ids = await store(world, world.alice, [
    { content: 'Moved to Lisbon', eventAt: new Date('2023-06-12T10:00:00Z'), scopeId: world.project.scope },
    { content: 'Started the pottery class', eventAt: new Date('2024-06-03T09:00:00Z'), scopeId: world.project.scope },
    { content: 'Sold the old car', eventAt: new Date('2023-09-01T09:00:00Z'), scopeId: world.project.scope },
    { content: 'No date on this one', scopeId: world.project.scope },
  ]);
  // Enough other memories, most without a date and the rest in other years, that reading every
  // memory is the plan the planner would take without a usable index.
  const other = Array.from({ length: 3000 }, (_, i) => ({
    content: `note ${i}`,
    scopeId: world.project.scope,
    ...(i % 10 === 0 && { eventAt: new Date(Date.UTC(2000 + (i % 20), (i % 5) * 2 + 6, 1)) }),
  }));
  await store(world, world.alice, other);
  await world.database.db.execute(sql`analyze memories`);
});

afterAll(async () => {
  await world.database.close();
});

function timeCandidates(during: TimeRange): SQL {
  return candidatesStatement({
    filters: { scopeIds: [world.project.scope] },
    lexical: null,
    vector: null,
    depth: 10,
    tuning: DEFAULT_TUNING,
    during,
  });
}

/** The part of the plan that reads the memories of the time. */
async function timePlan(tx: Tx, statement: SQL): Promise<string> {
  const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${statement}`));
  const text = rows.map((r) => r['QUERY PLAN']).join('\n');
  return text.slice(text.indexOf('CTE tim'));
}

describe('candidates of the time a query names', () => {
  it('takes the memories of a span (a year, a month, a day) through the event-time index', async () => {
    const during = { from: new Date('2023-01-01T00:00:00Z'), to: new Date('2024-01-01T00:00:00Z') };
    await world.database.asUser(world.alice, async (tx) => {
      const found = rowsOf<CandidateRow>(await tx.execute(timeCandidates(during))).map((r) => r.memory_id);
      expect(found.sort()).toEqual([ids[0], ids[2]].sort());
      const plan = await timePlan(tx, timeCandidates(during));
      expect(plan).toMatch(/Index Cond: .*event_at >=/);
      expect(plan).not.toMatch(/Seq Scan on memories/);
    });
  });

  it('takes the memories of a month of any year ("in June") through an event-time index', async () => {
    const during = { month: 5 };
    await world.database.asUser(world.alice, async (tx) => {
      const found = rowsOf<CandidateRow>(await tx.execute(timeCandidates(during))).map((r) => r.memory_id);
      expect(found.sort()).toEqual([ids[0], ids[1]].sort());
      const plan = await timePlan(tx, timeCandidates(during));
      expect(plan).toMatch(/memories_scope_event(_month)?_idx/);
      expect(plan).not.toMatch(/Seq Scan on memories/);
    });
  });

  it('finds nothing of another user through the index', async () => {
    const during = { month: 5 };
    await world.database.asUser(world.bob, async (tx) => {
      expect(rowsOf(await tx.execute(timeCandidates(during)))).toEqual([]);
    });
  });
});
