// Alarms that fire once per incident, whichever worker and however often the check runs.
import { sql } from 'drizzle-orm';
import type { Executor } from '../client/types';
import { rowsOf } from './rows';

/**
 * True for exactly one caller per new incident of `alarm` (an incident is any key that names it, such
 * as the newest backup's id); later calls for the same incident get false until it is cleared.
 */
export async function claimAlarmIncident(exec: Executor, alarm: string, incident: string): Promise<boolean> {
  const claimed = rowsOf<{ alarm: string }>(
    await exec.execute(sql`
      insert into public.alarm_incidents (alarm, incident) values (${alarm}, ${incident})
      on conflict (alarm) do update set incident = excluded.incident, raised_at = now()
        where public.alarm_incidents.incident is distinct from excluded.incident
      returning alarm`),
  );
  return claimed.length === 1;
}

/** The condition is over: the next incident raises the alarm again. */
export async function clearAlarmIncident(exec: Executor, alarm: string): Promise<void> {
  await exec.execute(sql`delete from public.alarm_incidents where alarm = ${alarm}`);
}
