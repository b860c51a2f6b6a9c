// GET /account/boards/:projectId: a project's board with its cards (labels SVC-N), column by column.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { bounds, CARD_STATES, cardState } from '@svc/contract';
import { projectBoard } from '@svc/core';
import type { ServerDeps } from '../../deps';
import { parseInput, personOf, queryLimit } from './person';

const boardParams = z.object({ projectId: z.uuid() });

const boardQuery = z.object({
  // Comma-separated; the dashboard shows every column by default, finished ones included.
  states: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()) : [...CARD_STATES]))
    .pipe(z.array(cardState).min(1).max(CARD_STATES.length)),
  limit: queryLimit(100),
  cursor: z.string().min(1).max(bounds.CURSOR_MAX_CHARS).optional(),
});

export function boardRoutes(deps: ServerDeps, guard: RequestHandler): Router {
  const router = Router();
  router.get('/account/boards/:projectId', guard, async (req, res) => {
    const { projectId } = parseInput(boardParams, req.params);
    const query = parseInput(boardQuery, req.query);
    const board = await projectBoard(deps, personOf(res), projectId, {
      states: [...new Set(query.states)],
      limit: query.limit,
      cursor: query.cursor,
    });
    res.json(board);
  });
  return router;
}
