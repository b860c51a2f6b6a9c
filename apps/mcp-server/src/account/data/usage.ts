// GET /account/usage?days=: the person's tool calls per day, per tool and per tool per day, and language-model calls apart, from the usage ledger.
import { Router, type RequestHandler } from 'express';
import { and, count, eq, gte, like, notLike, sql } from 'drizzle-orm';
import { z } from 'zod';
import { usageEvents } from '@svc/db';
import type { ServerDeps } from '../../deps';
import { parseInput, personOf } from './person';

const DAY_MS = 86_400_000;
const usageQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

interface Tally {
  calls: number;
  errors: number;
}

const add = (into: Tally, row: Tally) => {
  into.calls += row.calls;
  into.errors += row.errors;
};

export function usageRoutes(deps: ServerDeps, guard: RequestHandler): Router {
  const router = Router();
  router.get('/account/usage', guard, async (req, res) => {
    const { days } = parseInput(usageQuery, req.query);
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const since = new Date(today - (days - 1) * DAY_MS);
    const day = sql<string>`to_char(${usageEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const actor = personOf(res);
    // Row-level security shows only the person's own events; the user filter lets the index serve it.
    const rows = await deps.database.asUser(actor, (tx) =>
      tx
        .select({
          day,
          tool: usageEvents.tool,
          calls: count(),
          errors: sql<number>`count(*) filter (where ${usageEvents.outcome} <> 'ok')`.mapWith(
            Number,
          ),
        })
        .from(usageEvents)
        .where(
          and(
            eq(usageEvents.userId, actor.userId),
            gte(usageEvents.createdAt, since),
            notLike(usageEvents.tool, 'llm.%'),
          ),
        )
        .groupBy(day, usageEvents.tool),
    );
    // Language-model calls made for the person's memories (translation, hygiene) are not tool calls: apart, with tokens.
    const [model] = await deps.database.asUser(actor, (tx) =>
      tx
        .select({
          calls: count(),
          prompt_tokens: sql<number>`coalesce(sum(${usageEvents.promptTokens}), 0)`.mapWith(Number),
          completion_tokens: sql<number>`coalesce(sum(${usageEvents.completionTokens}), 0)`.mapWith(
            Number,
          ),
        })
        .from(usageEvents)
        .where(
          and(
            eq(usageEvents.userId, actor.userId),
            gte(usageEvents.createdAt, since),
            like(usageEvents.tool, 'llm.%'),
          ),
        ),
    );
    // Every day of the window is listed, calls or not, so the dashboard can chart it as it is.
    const daily = new Map<string, Tally>();
    for (let t = since.getTime(); t <= today; t += DAY_MS)
      daily.set(new Date(t).toISOString().slice(0, 10), { calls: 0, errors: 0 });
    const byTool = new Map<string, Tally>();
    const dates = [...daily.keys()];
    // Calls per tool per day, in the order of `daily`: the dashboard's chart draws one line per tool.
    const toolDays = new Map<string, number[]>();
    const total: Tally = { calls: 0, errors: 0 };
    for (const row of rows) {
      const counted = { calls: Number(row.calls), errors: row.errors };
      const slot = daily.get(row.day);
      if (slot) add(slot, counted);
      if (!toolDays.has(row.tool)) toolDays.set(row.tool, dates.map(() => 0));
      const at = dates.indexOf(row.day);
      if (at >= 0) toolDays.get(row.tool)![at]! += counted.calls;
      if (!byTool.has(row.tool)) byTool.set(row.tool, { calls: 0, errors: 0 });
      add(byTool.get(row.tool)!, counted);
      add(total, counted);
    }
    res.json({
      days,
      since: since.toISOString(),
      total,
      daily: [...daily].map(([date, tally]) => ({ date, ...tally })),
      by_tool: [...byTool]
        .map(([tool, tally]) => ({ tool, ...tally }))
        .sort((a, b) => b.calls - a.calls || a.tool.localeCompare(b.tool)),
      daily_by_tool: [...toolDays].map(([tool, calls]) => ({ tool, calls })).sort((a, b) => a.tool.localeCompare(b.tool)),
      language_model: {
        calls: Number(model?.calls ?? 0),
        prompt_tokens: model?.prompt_tokens ?? 0,
        completion_tokens: model?.completion_tokens ?? 0,
      },
    });
  });
  return router;
}
