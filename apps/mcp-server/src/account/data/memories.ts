// GET /account/memories and forget/restore of one memory, through the same core operations as the tools.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { bounds } from '@svc/contract';
import { forget, lexicalFinder, loadMemory, restoreMemory, searchMemories, toMemoryView, type Actor, type MemoryDeps } from '@svc/core';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../../deps';
import { dashboardMemory, projectNames } from './memory-view';
import { idParam, parseInput, personOf, queryFlag, queryLimit } from './person';

const listQuery = z.object({
  // An empty search box lists by date, as search_memories does without a query.
  q: z
    .string()
    .trim()
    .max(bounds.QUERY_MAX_CHARS)
    .optional()
    .transform((v) => v || undefined),
  include_retired: queryFlag,
  limit: queryLimit(20),
  cursor: z.string().min(1).max(bounds.CURSOR_MAX_CHARS).optional(),
});

const forgetBody = z.object({ reason: z.string().trim().min(1).max(bounds.REASON_MAX_CHARS).optional() }).optional();

function memoryDeps(deps: ServerDeps): MemoryDeps {
  const { database, retriever, indexer, logger } = deps;
  return { database, retriever, indexer, logger };
}

async function shown(deps: ServerDeps, actor: Actor, id: string) {
  const loaded = await deps.database.asUser(actor, (tx) => loadMemory(tx, id));
  if (!loaded) throw fail.notFound('No such memory', { id });
  return { memory: dashboardMemory(toMemoryView(loaded), await projectNames(deps.database, actor)) };
}

export function memoryRoutes(deps: ServerDeps, guard: RequestHandler): Router {
  const router = Router();
  router.get('/account/memories', guard, async (req, res) => {
    const query = parseInput(listQuery, req.query);
    const actor = personOf(res);
    const found = await searchMemories(
      memoryDeps(deps),
      actor,
      { query: query.q, mode: 'hybrid', include_retired: query.include_retired ?? false, limit: query.limit, cursor: query.cursor },
      // Lexical similarity only matters to `semantic` mode, which the dashboard does not ask for.
      { retriever: deps.retriever, finder: lexicalFinder },
    );
    const names = await projectNames(deps.database, actor);
    res.json({ memories: found.memories.map((m) => dashboardMemory(m.memory, names)), next_cursor: found.next_cursor });
  });

  router.post('/account/memories/:id/forget', guard, async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    const body = parseInput(forgetBody, req.body);
    const actor = personOf(res);
    const { skipped } = await forget(memoryDeps(deps), actor, { ids: [id], reason: body?.reason });
    // The tool's skip reasons become the status a single-memory route answers with.
    const reason = skipped[0]?.reason;
    if (reason === 'not_found') throw fail.notFound('No such memory', { id });
    if (reason === 'forbidden') throw fail.forbidden('You cannot retire memories in that scope', { id });
    res.json(await shown(deps, actor, id));
  });

  router.post('/account/memories/:id/restore', guard, async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    const actor = personOf(res);
    const restored = await restoreMemory(memoryDeps(deps), actor, { id });
    res.json({ memory: dashboardMemory(restored.memory, await projectNames(deps.database, actor)) });
  });
  return router;
}
