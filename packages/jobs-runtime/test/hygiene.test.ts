// Hygiene on an interval: scheduled only when HYGIENE_INTERVAL_HOURS is set, recorded as each owner's scan run.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hybridRetriever, HYGIENE_JOB } from '@svc/core';
import { createUser, jobRuns, memories, type Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { hygieneJob } from '../src/definitions/hygiene';
import { registeredJobs } from '../src';
import { captureLogs } from './helpers';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('scheduled hygiene', () => {
  it('is registered only with an interval, and records a scan for every owner of memories', async () => {
    const { logger, alarms } = captureLogs();
    const memory = {
      database,
      logger,
      retriever: hybridRetriever({ embedder: null, logger }),
      indexer: null,
    };
    const names = (hours?: number) =>
      registeredJobs({
        memory,
        embedder: null,
        keepWarmMinutes: 5,
        hygieneIntervalHours: hours,
      }).map((d) => d.name);
    // Without a model there is nothing to keep warm; without an interval there is no hygiene schedule.
    expect(names()).toEqual(
      expect.arrayContaining(['usage-upkeep', 'hygiene-scan', 'benchmark-memory']),
    );
    expect(names()).not.toContain('hygiene');
    expect(names()).not.toContain('embedding-warm-up');
    expect(names(6)).toContain('hygiene');
    expect(hygieneJob(memory, 6)?.schedule).toBe('0 */6 * * *');

    const owners = await Promise.all(
      ['a@example.com', 'b@example.com', 'idle@example.com'].map((e) => createUser(database.db, e)),
    );
    for (const o of owners.slice(0, 2)) {
      await database.db.insert(memories).values([
        {
          ownerId: o.user.id,
          scopeId: o.personalScopeId,
          content: 'The deploy target is the staging cluster in eu-west',
        },
        {
          ownerId: o.user.id,
          scopeId: o.personalScopeId,
          content: 'The deploy target is the staging cluster in eu-west',
        },
      ]);
    }
    const job = hygieneJob(memory, 6)!;
    const ctx = {
      database,
      logger,
      alarms,
      now: () => new Date(),
      signal: new AbortController().signal,
      runId: 't',
      data: {},
      lastAttempt: true,
    };
    expect(await job.handler(ctx)).toMatchObject({ owners: 2 });
    for (const [i, o] of owners.entries()) {
      const runs = await database.db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.ownerId, o.user.id), eq(jobRuns.jobName, HYGIENE_JOB)));
      expect(runs.map((r) => r.status)).toEqual(i < 2 ? ['succeeded'] : []);
      if (i < 2)
        expect(
          (runs[0]!.result as { findings: { kind: string }[] }).findings.length,
        ).toBeGreaterThan(0);
    }
  });
});
