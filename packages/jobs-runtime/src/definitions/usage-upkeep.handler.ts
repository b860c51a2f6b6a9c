// Keeps the usage ledger's monthly partitions created ahead of time, so no event lands in the default one.
import { sql } from 'drizzle-orm';
import { rowsOf } from '@svc/db';
import type { JobContext } from '../job-definition';

/** Three months ahead: a missed daily run or two never leaves the current month without a partition. */
export const PARTITION_MONTHS_AHEAD = 3;

export interface UsageUpkeepResult {
  partitionsCreated: number;
}

export async function usageUpkeep(ctx: JobContext): Promise<UsageUpkeepResult> {
  const result = await ctx.database.db.execute(
    sql`select public.svc_ensure_usage_partitions(${PARTITION_MONTHS_AHEAD}) as created`,
  );
  const [row] = rowsOf<{ created: number }>(result);
  return { partitionsCreated: Number(row?.created ?? 0) };
}
