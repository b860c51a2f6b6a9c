// The boards pages' routes: every board with its counts, one board column by column, one card with its log, and moving a card by the card tool's rules.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { bounds, CARD_STATES, cardState, TOOLS } from '@svc/contract';
import { listCallerProjects, projectBoard, runBoard, runCard, runCardLog, type Actor } from '@svc/core';
import { fail } from '@svc/errors';
import type { ServerDeps } from '../../deps';
import { parseInput, personOf, queryLimit } from './person';

const boardParams = z.object({ projectId: z.uuid() });
const cardParams = boardParams.extend({
  label: z.string().regex(/^SVC-[1-9]\d{0,9}$/, 'a card label such as SVC-12'),
});

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

/** What a move may carry besides the state: the statements the card tool asks for on the way into or out of active. */
const moveBody = z.object({
  state: cardState,
  no_branch: z.string().optional(),
  branch: z.object({ repo: z.string(), name: z.string() }).optional(),
  not_landed: z.string().optional(),
  no_links: z.string().optional(),
});

/** Empty form fields are statements not made, not empty statements. */
function given<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== ''),
  ) as Partial<T>;
}

/**
 * A project the person is not a member of is `not_found`, as on the board itself: by id alone,
 * another person's project must not be confirmed (the tools, given that scope, would say forbidden).
 */
async function memberScope(deps: ServerDeps, actor: Actor, projectId: string): Promise<`project:${string}`> {
  const projects = await deps.database.asUser(actor, (tx) => listCallerProjects(tx, actor.userId));
  if (!projects.some((p) => p.id === projectId)) throw fail.notFound('No such project', { project_id: projectId });
  return `project:${projectId}`;
}

export function boardRoutes(deps: ServerDeps, guard: RequestHandler): Router {
  const router = Router();
  router.get('/account/boards', guard, async (_req, res) => {
    const actor = personOf(res);
    const projects = await deps.database.asUser(actor, (tx) =>
      listCallerProjects(tx, actor.userId),
    );
    const boards = [];
    // One page of one card per board is enough for its counts; projects are few per person.
    for (const p of projects) {
      const page = await projectBoard(deps, actor, p.id, { states: [...CARD_STATES], limit: 1 });
      boards.push({ project: { id: p.id, name: p.name, role: p.role }, counts: page.counts });
    }
    res.json({ boards });
  });

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

  /** The card as `board resolve` shows it, and its log as `card_log` reads it, on that project's board. */
  router.get('/account/boards/:projectId/cards/:label', guard, async (req, res) => {
    const { projectId, label } = parseInput(cardParams, req.params);
    const actor = personOf(res);
    const scope = await memberScope(deps, actor, projectId);
    const resolved = await runBoard(deps, actor, parseInput(TOOLS.board.input, { action: 'resolve', label, scope }));
    const log = await runCardLog(
      deps,
      actor,
      parseInput(TOOLS.card_log.input, { card: label, scope, limit: 50 }),
    );
    res.json({
      card: 'card' in resolved ? resolved.card : null,
      log: log.entries,
      log_next_cursor: log.next_cursor,
    });
  });

  /** A move through the card tool itself: its refusals (branch_required, branch_open, links_required, type_required) come back as they are. */
  router.post('/account/boards/:projectId/cards/:label/move', guard, async (req, res) => {
    const { projectId, label } = parseInput(cardParams, req.params);
    const body = parseInput(moveBody, req.body);
    const actor = personOf(res);
    const scope = await memberScope(deps, actor, projectId);
    const args = parseInput(TOOLS.card.input, { action: 'move', card: label, scope, ...given(body) });
    res.json(await runCard(deps, actor, args));
  });
  return router;
}
