import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from 'pg-boss';
import { openDatabase, type Database } from '@svc/db';
import { createTestDatabaseUrl, testStorage, type TestDatabaseUrl } from '@svc/db/testing';
import { createBoss } from '../src/boss';
import { createJobRuntime, defineJob, type JobDefinition, type JobRuntime } from '../src';
import { captureLogs, eventually, FAST } from './helpers';

/**
 * Two processes on one database: on PostgreSQL two pools on a database of their own; on the embedded
 * default the one PGlite the serving process owns, shared by both schedulers as it would be.
 */
let made: TestDatabaseUrl | undefined;
let first: Database;
let second: Database;
beforeAll(async () => {
  if (testStorage() === 'postgres') {
    made = await createTestDatabaseUrl();
    first = await openDatabase({ url: made.url, poolMax: 5 });
    second = await openDatabase({ url: made.url, poolMax: 5, migrate: false });
  } else {
    first = await openDatabase({ dataDir: 'memory://' });
    second = first;
  }
});
afterAll(async () => {
  await first.close();
  if (second !== first) await second.close();
  await made?.drop();
});

const running: JobRuntime[] = [];
// Stopped after each test: a TestClock stays attached to the queue's schema until its instances stop.
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
});

function worker(
  database: Database,
  definitions: JobDefinition[],
  extra: Partial<Parameters<typeof createJobRuntime>[0]> = {},
): JobRuntime {
  const { logger, alarms } = captureLogs();
  const runtime = createJobRuntime({
    database,
    logger,
    alarms,
    mode: 'work',
    definitions,
    ...FAST,
    ...extra,
  });
  running.push(runtime);
  return runtime;
}

describe('scheduling across instances', () => {
  it('runs each scheduled occurrence once, however many workers keep the schedule', async () => {
    const clock = new TestClock('2026-03-01T00:00:30Z');
    const runs: string[] = [];
    const job = defineJob({
      name: 's-every-minute',
      schedule: '* * * * *',
      handler: async (ctx) => void runs.push(ctx.runId),
    });
    const [a, b] = [worker(first, [job], { clock }), worker(second, [job], { clock })];
    await a.start();
    await b.start();
    // Three minute boundaries pass with both schedulers awake on every tick.
    for (let s = 0; s < 180; s += 5) await clock.tick(5_000);
    await eventually('three occurrences worked', async () => {
      await clock.tick(1_000);
      return runs.length >= 3;
    });
    for (let i = 0; i < 5; i++) await clock.tick(1_000);
    expect(runs).toHaveLength(3);
    expect(new Set(runs).size).toBe(3);
  });

  it('runs one run of a job at a time, however many workers take from its queue', async () => {
    let active = 0;
    let most = 0;
    const done: unknown[] = [];
    const job = defineJob({
      name: 's-one-at-a-time',
      handler: async (ctx) => {
        most = Math.max(most, ++active);
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        active--;
        done.push(ctx.data.n);
      },
    });
    const [a, b] = [worker(first, [job]), worker(second, [job])];
    await a.start();
    await b.start();
    // Two runs waiting at once, each worker free to take one: the queue hands out the second only
    // when the first has finished.
    await a.send('s-one-at-a-time', { n: 1 });
    await b.send('s-one-at-a-time', { n: 2 });
    await eventually('both runs worked', () => done.length === 2);
    expect(most).toBe(1);
    expect([...done].sort()).toEqual([1, 2]);
  });

  it('runs the after-deploy jobs once per build, however many instances start with it', async () => {
    const seen: unknown[] = [];
    const job = defineJob({
      name: 's-upkeep',
      runAfterDeploy: true,
      handler: async (ctx) => void seen.push(ctx.data.build),
    });
    await Promise.all([
      worker(first, [job], { build: 'v1+aaaaaaa' }).start(),
      worker(second, [job], { build: 'v1+aaaaaaa' }).start(),
    ]);
    await eventually('the deploy run', () => seen.length === 1);
    // A restart of the same build is not a deploy; a new build is.
    await worker(second, [job], { build: 'v1+aaaaaaa' }).start();
    await worker(first, [job], { build: 'v2+bbbbbbb' }).start();
    await eventually('the second deploy run', () => seen.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(seen).toEqual(['v1+aaaaaaa', 'v2+bbbbbbb']);
  });

  it('re-runs a job whose process died mid-run, once its cap has passed', async () => {
    const attempts: { n: unknown; lastAttempt: boolean }[] = [];
    const job = defineJob({
      name: 's-crash',
      handler: async (ctx) => void attempts.push({ n: ctx.data.n, lastAttempt: ctx.lastAttempt }),
    });
    const server = worker(first, [job], { mode: 'enqueue', maxDurationMs: 1_000 });
    await server.send('s-crash', { n: 7 });
    // The process that died: it took the job off the queue and never finished it.
    const dead = createBoss(first, { worker: false, tuning: FAST.tuning });
    await dead.start();
    expect(await dead.fetch('s-crash')).toHaveLength(1);
    await dead.stop({ graceful: false, close: false });
    // The restarted worker finds it once the cap (one second here) has run out, and runs it again.
    await worker(second, [job], { maxDurationMs: 1_000 }).start();
    await eventually('the re-run', () => attempts.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(attempts).toEqual([{ n: 7, lastAttempt: true }]);
  });

  it('alarms once when a job dies on its last attempt too, though no handler was left to raise it', async () => {
    const { records, logger, alarms } = captureLogs();
    let handled = 0;
    const job = defineJob({ name: 's-dies', handler: async () => void handled++ });
    const server = worker(first, [job], { mode: 'enqueue', maxDurationMs: 1_000 });
    const id = await server.send('s-dies', { n: 1 });
    // A supervisor with no workers of its own, and a process that takes the job and dies, twice.
    const dead = createBoss(first, { worker: true, tuning: FAST.tuning });
    await dead.start();
    for (let attempt = 0; attempt < 2; attempt++) {
      await eventually(
        `attempt ${attempt + 1} taken`,
        async () => (await dead.fetch('s-dies')).length === 1,
      );
    }
    await eventually(
      'the job failed for good',
      async () => (await dead.findJobs('s-dies', { id: id! }))[0]?.state === 'failed',
    );
    await dead.stop({ graceful: false, close: false });
    await worker(second, [job], { logger, alarms }).start();
    const raised = () => records.filter((r) => r.message === 'alarm');
    await eventually('the alarm', () => raised().length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(raised()).toEqual([
      expect.objectContaining({ alarm: 'job_failed', job: 's-dies', runId: id }),
    ]);
    expect(handled).toBe(0);
  });
});
