// The memories page's routes: the list, one memory, forget/restore, bulk actions and conflicts, through the same core operations as the tools.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { bounds } from '@svc/contract';
import { forget, loadMemory, restoreMemory, toMemoryView, type Actor } from '@svc/core';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../../deps';
import { memoryBulkRoutes } from './memory-bulk';
import { memoryDetailRoutes } from './memory-detail';
import { listMemories, listQuery, memoryDeps, memoryLanguages } from './memory-search';
import { dashboardMemory, projectNames } from './memory-view';
import { idParam, parseInput, personOf } from './person';

const forgetBody = z
  .object({ reason: z.string().trim().min(1).max(bounds.REASON_MAX_CHARS).optional() })
  .optional();

async function shown(deps: ServerDeps, actor: Actor, id: string) {
  const loaded = await deps.database.asUser(actor, (tx) => loadMemory(tx, id));
  if (!loaded) throw fail.notFound('No such memory', { id });
  return {
    memory: dashboardMemory(toMemoryView(loaded), await projectNames(deps.database, actor)),
  };
}

export function memoryRoutes(deps: ServerDeps, guard: RequestHandler): Router {
  const router = Router();
  router.get('/account/memories', guard, async (req, res) => {
    const query = parseInput(listQuery, req.query);
    const actor = personOf(res);
    const page = await listMemories(deps, actor, query);
    const [names, languages] = await Promise.all([
      projectNames(deps.database, actor),
      memoryLanguages(deps, actor),
    ]);
    res.json({
      memories: page.memories.map((m) => dashboardMemory(m, names)),
      next_cursor: page.next_cursor,
      more_unsearched: page.more_unsearched,
      languages,
    });
  });

  router.post('/account/memories/:id/forget', guard, async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    const body = parseInput(forgetBody, req.body);
    const actor = personOf(res);
    const { skipped } = await forget(memoryDeps(deps), actor, { ids: [id], reason: body?.reason });
    // The tool's skip reasons become the status a single-memory route answers with.
    const reason = skipped[0]?.reason;
    if (reason === 'not_found') throw fail.notFound('No such memory', { id });
    if (reason === 'forbidden')
      throw fail.forbidden('You cannot retire memories in that scope', { id });
    res.json(await shown(deps, actor, id));
  });

  router.post('/account/memories/:id/restore', guard, async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    const actor = personOf(res);
    const restored = await restoreMemory(memoryDeps(deps), actor, { id });
    res.json({
      memory: dashboardMemory(restored.memory, await projectNames(deps.database, actor)),
    });
  });
  router.use(memoryBulkRoutes(deps, guard));
  router.use(memoryDetailRoutes(deps, guard));
  return router;
}
