// Bulk actions of the memories page: forget, move and export many memories at once, by the tools' rules.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { bounds, scopeTarget } from '@svc/contract';
import { forget, loadMemories, moveMemories, toMemoryView } from '@svc/core';
import type { ServerDeps } from '../../deps';
import { memoryAudit } from '../../mcp/tools/library/memory-audit';
import { memoryDeps } from './memory-search';
import { parseInput, personOf } from './person';

const ids = z.array(z.uuid()).min(1).max(bounds.BULK_IDS_MAX);

const bulkBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('forget'),
    ids,
    reason: z.string().trim().min(1).max(bounds.REASON_MAX_CHARS).optional(),
  }),
  // The destination is the tools' scope target: core accepts only scopes the person can write.
  z.object({ action: z.literal('move'), ids, scope: scopeTarget }),
]);

const exportBody = z.object({ ids });

export function memoryBulkRoutes(deps: ServerDeps, guard: RequestHandler): Router {
  const router = Router();
  /** `forget` answers as the forget tool does, `move` as move_memories: what was done, and what was skipped with why. */
  router.post('/account/memories/bulk', guard, async (req, res) => {
    const body = parseInput(bulkBody, req.body);
    const actor = personOf(res);
    if (body.action === 'forget') {
      res.json({
        action: 'forget',
        ...(await forget(memoryDeps(deps), actor, { ids: body.ids, reason: body.reason })),
      });
      return;
    }
    const moved = await moveMemories(
      memoryDeps(deps),
      actor,
      { ids: body.ids, scope: body.scope },
      memoryAudit(deps.database),
    );
    res.json({ action: 'move', ...moved });
  });

  /** The memories as the svc://memory resource shows them (whole text, original beside the English); unseen ids are left out. */
  // A POST, so a hundred ids never meet the header limits of a query string.
  router.post('/account/memories/export', guard, async (req, res) => {
    const query = parseInput(exportBody, req.body);
    const actor = personOf(res);
    const loaded = await deps.database.asUser(actor, (tx) =>
      loadMemories(tx, [...new Set(query.ids)]),
    );
    res.json({
      exported_at: new Date().toISOString(),
      memories: loaded.map((m) => toMemoryView(m, { full: true })),
    });
  });
  return router;
}
