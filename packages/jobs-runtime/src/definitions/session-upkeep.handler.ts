// Deletes thread sessions (mcp_sessions rows) no call has used for longer than the retention.
import { sql } from 'drizzle-orm';
import { rowsOf } from '@svc/db';
import type { JobContext } from '../job-definition';

/**
 * Per statement, so a backlog (one row per call from agents that never echoed their thread, before
 * transport sessions kept one) never holds one long transaction or its locks; the run's signal is
 * checked between batches and the next run takes up what is left.
 */
export const SESSION_DELETE_BATCH = 5_000;

export interface SessionUpkeepResult {
  deleted: number;
}

export async function sessionUpkeep(ctx: JobContext, retentionDays: number): Promise<SessionUpkeepResult> {
  const cutoff = new Date(ctx.now().getTime() - retentionDays * 86_400_000);
  let deleted = 0;
  for (;;) {
    // Oldest first by mcp_sessions_last_seen_idx; runs with the service's rights, across users.
    const result = await ctx.database.db.execute(sql`
      with gone as (
        delete from mcp_sessions where id in (
          select id from mcp_sessions where last_seen_at < ${cutoff.toISOString()}::timestamptz
          order by last_seen_at limit ${SESSION_DELETE_BATCH})
        returning 1)
      select count(*)::int as n from gone`);
    const n = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    deleted += n;
    if (n < SESSION_DELETE_BATCH || ctx.signal.aborted) break;
  }
  if (deleted > 0) ctx.logger.info('mcp_sessions_deleted', { deleted, retentionDays });
  return { deleted };
}
