import { Writable } from 'node:stream';
import winston from 'winston';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { createLogger } from '@svc/observability';
import { createRunQueue } from './run-queue';
import { claimRun, readRun, startOrJoinRun } from './run-store';

let database: Database;
let owner: string;
const logs: Record<string, unknown>[] = [];
const logger = createLogger({
  transports: [
    new winston.transports.Stream({
      stream: new Writable({
        write(chunk: Buffer, _e, done) {
          logs.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    }),
  ],
});

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

  it("hides another owner's run", async () => {
    const { row } = await startOrJoinRun(database, { jobName: 'hidden', ownerId: owner, params: {} });
    const stranger = (await createUser(database.db, 'stranger@example.com')).user.id;
    await expect(readRun(database, stranger, 'hidden', row.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('run queue', () => {
  it('runs one at a time, records results, and alarms on failure and on timeout', async () => {
    let concurrent = 0;
    let maxConcurrent = 0;
    const queue = createRunQueue({
      database,
      logger,
      timeoutMs: 200,
      handlers: {
        ok: async () => {
          maxConcurrent = Math.max(maxConcurrent, ++concurrent);
          await new Promise((r) => setTimeout(r, 20));
          concurrent--;
          return { done: true };
        },
        boom: () => Promise.reject(new Error('exploded')),
        slow: (_run, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped')))),
      },
    });
    const start = (jobName: string, n: number) => startOrJoinRun(database, { jobName, ownerId: owner, params: { n } });
    const runs = await Promise.all([start('ok', 1), start('ok', 2), start('boom', 1), start('slow', 1)]);
    runs.forEach((r) => queue.enqueue(r.row));
    await queue.idle();
    const read = (i: number) => readRun(database, owner, runs[i]!.row.jobName, runs[i]!.row.id);
    expect(maxConcurrent).toBe(1);
    expect(await read(0)).toMatchObject({ status: 'succeeded', result: { done: true } });
    expect(await read(2)).toMatchObject({ status: 'failed', error: 'exploded' });
    expect((await read(3)).error).toMatch(/exceeded 200 ms/);
    expect(logs.filter((l) => l.message === 'run_failed' && l.level === 'error')).toHaveLength(2);
  });
});
