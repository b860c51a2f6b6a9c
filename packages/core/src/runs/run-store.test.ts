import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { beginRun, claimRun, finishRun, readRun, startOrJoinRun } from './run-store';

let database: Database;
let owner: string;

beforeAll(async () => {
  database = await openTestDatabase();
  owner = (await createUser(database.db, 'runner@example.com')).user.id;
});
afterAll(() => database.close());

describe('run store', () => {
  it('joins an equal run that is still queued, and starts a different one', async () => {
    const first = await startOrJoinRun(database, { jobName: 'j', ownerId: owner, params: { a: 1 } });
    const again = await startOrJoinRun(database, { jobName: 'j', ownerId: owner, params: { a: 1 } });
    const other = await startOrJoinRun(database, { jobName: 'j', ownerId: owner, params: { a: 2 } });
    expect(first.started).toBe(true);
    expect(again).toMatchObject({ started: false, row: { id: first.row.id } });
    expect(other.started).toBe(true);
  });

  it('lets exactly one claimant take a queued run', async () => {
    const { row } = await startOrJoinRun(database, { jobName: 'claim', ownerId: owner, params: {} });
    const claims = await Promise.all([claimRun(database, row.id), claimRun(database, row.id)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('begins a queued run or one left running by a dead attempt, never a finished one', async () => {
    const { row } = await startOrJoinRun(database, { jobName: 'begin', ownerId: owner, params: {} });
    expect(await beginRun(database, row.id)).toMatchObject({ status: 'running' });
    expect(await beginRun(database, row.id)).toMatchObject({ status: 'running' });
    await finishRun(database, row.id, { result: {} });
    expect(await beginRun(database, row.id)).toBeNull();
  });

  it("hides another owner's run", async () => {
    const { row } = await startOrJoinRun(database, { jobName: 'hidden', ownerId: owner, params: {} });
    const stranger = (await createUser(database.db, 'stranger@example.com')).user.id;
    await expect(readRun(database, stranger, 'hidden', row.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
