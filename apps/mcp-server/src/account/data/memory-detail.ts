// One memory in full: its text and original, its versions and supersedes links, and the conflicts it is part of, with their settling.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { TOOLS, type ConflictView } from '@svc/contract';
import {
  listConflicts,
  loadMemory,
  memoryVersionHistory,
  resolveConflicts,
  toMemoryView,
  type Actor,
} from '@svc/core';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../../deps';
import { memoryAudit } from '../../mcp/tools/library/memory-audit';
import { memoryDeps } from './memory-search';
import { dashboardMemory, projectNames } from './memory-view';
import { idParam, parseInput, personOf } from './person';

/** list_conflicts pages by 100 at most; a memory in more open conflicts than a few pages hold is not a case to serve. */
const CONFLICT_PAGES = 5;

async function conflictsOf(
  deps: ServerDeps,
  actor: Actor,
  memoryId: string,
): Promise<ConflictView[]> {
  const found: ConflictView[] = [];
  for (const status of ['open', 'resolved', 'dismissed'] as const) {
    let cursor: string | undefined;
    for (let i = 0; i < CONFLICT_PAGES; i++) {
      const page = await listConflicts(memoryDeps(deps), actor, { status, limit: 100, cursor });
      found.push(...page.conflicts.filter((c) => c.a.id === memoryId || c.b.id === memoryId));
      cursor = page.next_cursor ?? undefined;
      if (!cursor) break;
    }
  }
  return found;
}

// The tool's own choice schema checks keep and merged_content (secrets are refused by core on the merged text).
const resolveBody = z.object({ keep: z.string(), merged_content: z.string().optional() });

export function memoryDetailRoutes(deps: ServerDeps, guard: RequestHandler): Router {
  const router = Router();
  router.get('/account/memories/:id', guard, async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    const actor = personOf(res);
    const loaded = await deps.database.asUser(actor, (tx) => loadMemory(tx, id));
    if (!loaded) throw fail.notFound('No such memory', { id });
    const names = await projectNames(deps.database, actor);
    const [history, conflicts] = await Promise.all([
      memoryVersionHistory(memoryDeps(deps), actor, { id, limit: 50 }, memoryAudit(deps.database)),
      conflictsOf(deps, actor, id),
    ]);
    res.json({
      memory: {
        ...dashboardMemory(toMemoryView(loaded, { full: true }), names),
        owned: loaded.row.ownerId === actor.userId,
      },
      history: { ...history, versions: history.versions.map((v) => dashboardMemory(v, names)) },
      conflicts: conflicts.map((c) => ({
        ...c,
        a: dashboardMemory(c.a, names),
        b: dashboardMemory(c.b, names),
      })),
    });
  });

  /** resolve_conflicts with one explicit choice: only the person's own conflicts are settled (core's rule). */
  router.post('/account/conflicts/:id/resolve', guard, async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    const body = parseInput(resolveBody, req.body);
    const args = parseInput(TOOLS.resolve_conflicts.input, {
      choices: [
        {
          conflict_id: id,
          keep: body.keep,
          ...(body.merged_content !== undefined && { merged_content: body.merged_content }),
        },
      ],
      conflict_ids: [id],
    });
    const result = await resolveConflicts(memoryDeps(deps), personOf(res), args);
    const outcome = result.results.find((r) => r.conflict_id === id);
    if (!outcome || outcome.outcome === 'skipped') {
      throw fail.conflict(
        `The conflict was not settled${outcome?.reason ? `: ${outcome.reason}` : ''}`,
        { id },
      );
    }
    res.json(result);
  });
  return router;
}
