// `svc jobs run`, started as the command starts it: the backup jobs are scheduled and worked, and its start keeps their schedules.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryTarget, listBackups } from '@svc/backup';
import type { Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { backupJobs, createJobRuntime, listSchedules, type RunningJobWorker } from '@svc/jobs-runtime';
import { createAlarms, createLogger, createMetrics } from '@svc/observability';
import { backupTarget } from '../src/backup/target';
import { startServerModeWorker } from '../src/cli/jobs';
import { parseEnv } from '../src/env';
import { threadsAtNicenessIncrement, until } from './helpers/threads';

let database: Database;
let dir: string;
let worker: RunningJobWorker | undefined;
beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'svc-jobs-worker-'));
});
afterAll(async () => {
  await worker?.stop();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('svc jobs run', () => {
  it('schedules backup and backup-check, keeps the schedules another worker made, and backs up after the deploy', async () => {
    const logger = createLogger({ level: 'error' });
    // A worker that was there before (`pnpm jobs`) scheduled the backup jobs; a restart of the other
    // entry point must not take them away (the schedules follow the definitions of whoever starts).
    const before = createJobRuntime({
      database,
      logger,
      alarms: createAlarms({ logger, counter: createMetrics({ defaults: false }).alarms }),
      mode: 'work',
      definitions: backupJobs(directoryTarget(join(dir, 'elsewhere'))),
    });
    await before.start();
    await before.stop();

    const env = parseEnv({
      DATA_DIR: join(dir, 'data'),
      EMBEDDINGS_PROVIDER: 'none',
      JOBS_METRICS_PORT: '0',
      SVC_BUILD_COMMIT: 'abcdef1',
    });
    worker = await startServerModeWorker(env, database, logger);
    const schedules = await listSchedules(database);
    expect(schedules.find((s) => s.job === 'backup')?.schedule).toBe('30 3 * * *');
    expect(schedules.find((s) => s.job === 'backup-check')?.schedule).toBe('0 * * * *');

    // The after-deploy backup lands where `svc backup list` of the same settings looks (`<DATA_DIR>-backups`).
    const target = await backupTarget(env);
    expect(target.description).toBe(`${join(dir, 'data')}-backups`);
    await expect
      .poll(async () => (await listBackups(target)).map((b) => b.reason), { timeout: 30_000, interval: 200 })
      .toEqual(['deploy']);
  });

  it.runIf(process.platform === 'linux')('frees the model when it stops: its threads end before the process may exit', { timeout: 120_000 }, async () => {
    const logger = createLogger({ level: 'error' });
    // The model threads are told apart from every other thread of this process by their niceness.
    const nice = 12;
    const env = parseEnv({
      DATA_DIR: join(dir, 'data-model'),
      EMBEDDINGS_WORKER_THREADS: '2',
      EMBEDDINGS_WORKER_NICE: String(nice),
      SVC_BUILD_COMMIT: 'abcdef2',
    });
    const modelWorker = await startServerModeWorker(env, database, logger);
    // The after-deploy re-embedding loads the model.
    await until(() => threadsAtNicenessIncrement(nice) >= 2, 60_000);
    await modelWorker.stop();
    // ONNX Runtime keeps one thread of its own for the life of the process (started by the first
    // model thread, at its niceness); the two model threads themselves are gone.
    expect(threadsAtNicenessIncrement(nice)).toBeLessThanOrEqual(1);
  });
});
