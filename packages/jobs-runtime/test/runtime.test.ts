import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { createJobRuntime, defineJob, listSchedules } from '../src';
import { captureLogs, eventually, FAST } from './helpers';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the job runtime on the real queue', () => {
  it('runs a sent job, cuts a hanging one at the cap, and alarms once for a job that keeps throwing', async () => {
    const { records, logger, alarms } = captureLogs();
    const calls = { ok: 0, hang: 0, boom: 0 };
    let hangAborted = 0;
    const runtime = createJobRuntime({
      database,
      logger,
      alarms,
      mode: 'work',
      maxDurationMs: 1_000,
      ...FAST,
      definitions: [
        defineJob({ name: 't-ok', handler: async () => ({ n: ++calls.ok }) }),
        defineJob({
          name: 't-hang',
          handler: (ctx) => {
            calls.hang++;
            return new Promise((_, reject) =>
              ctx.signal.addEventListener(
                'abort',
                () => (hangAborted++, reject(new Error('stopped'))),
              ),
            );
          },
        }),
        defineJob({
          name: 't-boom',
          alarm: 'boom_failed',
          handler: () => (calls.boom++, Promise.reject(new Error('exploded'))),
        }),
      ],
    });
    try {
      await runtime.start();
      await runtime.send('t-ok', {});
      await runtime.send('t-hang', {});
      await runtime.send('t-boom', {});
      const alarmsOf = (name: string) =>
        records.filter((r) => r.message === 'alarm' && r.alarm === name);
      await eventually(
        'both failures alarmed',
        () => alarmsOf('job_failed').length === 1 && alarmsOf('boom_failed').length === 1,
      );
      expect(calls.ok).toBe(1);
      // One retry each: a failure is tried again once, and only the last attempt raises the alarm.
      expect(calls.boom).toBe(2);
      expect(calls.hang).toBe(2);
      expect(hangAborted).toBe(2);
      expect(alarmsOf('job_failed')[0]).toMatchObject({
        level: 'error',
        job: 't-hang',
        detail: expect.stringMatching(/exceeded its 1000 ms cap/),
      });
      expect(alarmsOf('boom_failed')[0]).toMatchObject({
        job: 't-boom',
        runId: expect.any(String),
        detail: 't-boom failed: exploded',
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(alarmsOf('boom_failed')).toHaveLength(1);
      const listed = await listSchedules(database);
      expect(listed.find((s) => s.job === 't-boom')).toMatchObject({
        lastOutcome: 'failed',
        schedule: null,
      });
      expect(listed.find((s) => s.job === 't-ok')).toMatchObject({
        lastOutcome: 'completed',
        durationMs: expect.any(Number),
      });
    } finally {
      await runtime.stop();
    }
  });

  it('logs a run its own stop cuts short as stopped, not as a failed attempt', async () => {
    const { records, logger, alarms } = captureLogs();
    let running = false;
    const runtime = createJobRuntime({
      database,
      logger,
      alarms,
      mode: 'work',
      ...FAST,
      definitions: [
        defineJob({
          name: 't-long',
          handler: (ctx) => {
            running = true;
            return new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped'))));
          },
        }),
      ],
    });
    await runtime.start();
    await runtime.send('t-long', {});
    await eventually('the run started', () => running);
    await runtime.stop();
    const about = records.filter((r) => r.job === 't-long');
    expect(about.filter((r) => r.message === 'job_stopped')).toEqual([
      expect.objectContaining({ level: 'info', attempt: 1, duration_ms: expect.any(Number) }),
    ]);
    expect(about.filter((r) => r.message === 'job_attempt_failed')).toEqual([]);
  });
});
