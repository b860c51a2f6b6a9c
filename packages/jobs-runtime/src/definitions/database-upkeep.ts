// Database upkeep: vacuum and analyse by autovacuum's thresholds, only on the embedded database.
import type { Database } from '@svc/db';
import { defineJob, type JobDefinition } from '../job-definition';
import { databaseUpkeep, type DatabaseUpkeepResult } from './database-upkeep.handler';

/**
 * PGlite runs no autovacuum worker: without this a store written through the tools was never
 * analysed (the planner had no column statistics), its dead rows never reclaimed, its GIN pending
 * lists merged only by the inserts that passed their limit. PostgreSQL's own worker
 * does all of it there, so the job is not registered on a server database.
 */
export function databaseUpkeepJob(kind: Database['kind']): JobDefinition<DatabaseUpkeepResult> | null {
  if (kind !== 'embedded') return null;
  return defineJob({
    name: 'database-upkeep',
    schedule: '*/10 * * * *',
    runAfterDeploy: true,
    handler: (ctx) => databaseUpkeep(ctx),
  });
}
