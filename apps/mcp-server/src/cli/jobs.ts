// `svc jobs` lists the schedules; `svc jobs run` is server mode's jobs worker (the same as `pnpm jobs`).
import type { Command } from 'commander';
import { openDatabase, type Database } from '@svc/db';
import { fail } from '@svc/errors';
import { languageModelLine, startJobWorkerFromEnv, type RunningJobWorker } from '@svc/jobs-runtime';
import { llmSettings } from '@svc/jobs-runtime/env';
import { createLogger, type Logger } from '@svc/observability';
import { readBuildInfo } from '../build-info';
import { databaseOptions } from '../database-options';
import { parseEnv, type Env } from '../env';
import { runAction } from './run-action';

/** What `svc jobs run` starts once its database is open (its test starts it the same way). */
export function startServerModeWorker(env: Env, database: Database, logger: Logger): Promise<RunningJobWorker> {
  const build = readBuildInfo({ commit: env.SVC_BUILD_COMMIT, hostRevision: env.SVC_HOST_REVISION }).version;
  return startJobWorkerFromEnv(env, { database, logger, build });
}

async function runWorker(): Promise<void> {
  const env = parseEnv();
  if (!env.DATABASE_URL)
    throw fail.validation(
      'svc jobs run is the worker of server mode (DATABASE_URL); on the embedded default `svc serve` runs the jobs',
    );
  const logger = createLogger({ level: env.LOG_LEVEL, service: 'memory-service-jobs' });
  const database = await openDatabase(databaseOptions(env, logger));
  const worker = await startServerModeWorker(env, database, logger);
  const stop = async () => {
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

export function registerJobsCommands(program: Command): void {
  const jobs = program
    .command('jobs')
    .description('List background jobs: schedule, next run, last outcome and duration')
    .action(async () => {
      const env = parseEnv();
      console.log(await runAction(env, 'jobs.list', {}));
      console.log(languageModelLine(llmSettings(env), env.TRANSLATION_INTERVAL_HOURS));
    });
  jobs
    .command('run')
    .description('Work the job queue (server mode: the deployable jobs worker)')
    .action(runWorker);
}
