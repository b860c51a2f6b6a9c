// Session upkeep runs daily: thread sessions unused for SESSION_RETENTION_DAYS are deleted.
import { defineJob, type JobDefinition } from '../job-definition';
import { sessionUpkeep, type SessionUpkeepResult } from './session-upkeep.handler';

/**
 * A thread only keeps an agent's project across reconnects: one unused for three months belongs to
 * an agent long gone, and a returning one attaches its project again with its first `scope`.
 */
export const DEFAULT_SESSION_RETENTION_DAYS = 90;

export function sessionUpkeepJob(retentionDays = DEFAULT_SESSION_RETENTION_DAYS): JobDefinition<SessionUpkeepResult> {
  return defineJob({
    name: 'session-upkeep',
    schedule: '20 0 * * *',
    handler: (ctx) => sessionUpkeep(ctx, retentionDays),
  });
}
