// GET /account/health: the background jobs, backups, alarms and language model, read by the same functions as `svc jobs` and `svc backup list`.
import { Router, type RequestHandler } from 'express';
import { sql } from 'drizzle-orm';
import { listBackups } from '@svc/backup';
import { instanceOwnerId, rowsOf } from '@svc/db';
import { languageModelLine, listSchedules } from '@svc/jobs-runtime';
import { llmSettings } from '@svc/jobs-runtime/env';
import { dashboardLocals } from '../../auth/dashboard-session';
import type { ServerDeps } from '../../deps';
import { backupTarget } from '../../backup/target';
import { parseEnv } from '../../env';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Backups are read where this process stores them, as `svc backup list` reads them; a target that cannot be read is reported, not thrown. */
async function backups(env: ReturnType<typeof parseEnv>) {
  try {
    const target = await backupTarget(env);
    const all = await listBackups(target);
    const latest = all.find((b) => b.problem === undefined) ?? null;
    return {
      where: target.description,
      count: all.length,
      unreadable: all.filter((b) => b.problem !== undefined).length,
      latest: latest && { id: latest.id, created_at: latest.createdAt.toISOString(), reason: latest.reason, rows: latest.rows, bytes: latest.bytes },
      error: null,
    };
  } catch (err) {
    return { where: null, count: 0, unreadable: 0, latest: null, error: err instanceof Error ? err.message : String(err) };
  }
}

/** Open incidents (an alarm raised once per incident, such as backup_missing), and how often each alarm was raised since this process started. */
async function alarms(deps: ServerDeps) {
  const open = rowsOf<{ alarm: string; incident: string; raised_at: string | Date }>(
    await deps.database.db.execute(sql`
      select alarm, incident, raised_at from public.alarm_incidents order by raised_at desc`),
  );
  const counted = (await deps.metrics.alarms.get()).values
    .filter((v) => v.value > 0)
    .map((v) => ({ alarm: String(v.labels.alarm), count: v.value }));
  return { open: open.map((r) => ({ alarm: r.alarm, incident: r.incident, raised_at: iso(r.raised_at) })), raised_since_start: counted };
}

/**
 * Instance-wide facts with no one's memories in them (job names and outcomes, backup times, places
 * and sizes, alarm names) are the operator's: shown to the instance's owner. Everyone is told whether
 * a language model is configured, since it decides what happens to their own memories.
 */
export function healthRoutes(deps: ServerDeps, guard: RequestHandler): Router {
  const router = Router();
  router.get('/account/health', guard, async (_req, res) => {
    const env = parseEnv();
    const settings = llmSettings(env);
    const languageModel = {
      configured: Boolean(settings.baseUrl && settings.model),
      model: settings.baseUrl && settings.model ? settings.model : null,
      // The very line `svc jobs` prints under its table.
      summary: languageModelLine(settings, env.TRANSLATION_INTERVAL_HOURS),
    };
    if ((await instanceOwnerId(deps.database.db)) !== dashboardLocals(res).live.user.id) {
      res.json({ operator: false, jobs: [], backups: null, alarms: null, language_model: languageModel });
      return;
    }
    const [schedules, stored, raised] = await Promise.all([listSchedules(deps.database), backups(env), alarms(deps)]);
    res.json({
      operator: true,
      jobs: schedules.map((s) => ({
        job: s.job,
        schedule: s.schedule,
        next_run: iso(s.nextRun),
        last_outcome: s.lastOutcome,
        last_started: iso(s.lastStarted),
        duration_ms: s.durationMs,
      })),
      backups: stored,
      alarms: raised,
      language_model: languageModel,
    });
  });
  return router;
}
