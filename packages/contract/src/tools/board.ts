// `board`: read a project board, or resolve an `SVC-N` label (or its number) to its card.
import { z } from 'zod';
import { CARD_STATES, cardLabel, cardState, cardType } from '../cards';
import { CARD_NUMBER_MAX } from '../bounds';
import { actionInput } from '../shared/actions';
import { cardSummary, cardView } from '../shared/card-view';
import { cursor, nextCursor, pageFields, pageLimit } from '../shared/pagination';
import { projectRef, refineSingleTarget, targetFields } from '../shared/scope';
import { threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

export const BOARD_ACTIONS = ['get', 'resolve'] as const;

const labelOrNumber = z
  .union([cardLabel, z.int().min(1).max(CARD_NUMBER_MAX), z.string().regex(/^[1-9][0-9]{0,8}$/)])
  .describe('resolve: SVC-N label, or its number (12 or "12").');

const boardFields = {
  label: labelOrNumber,
  states: z
    .array(cardState)
    .min(1)
    .max(CARD_STATES.length)
    .describe('get: only cards in these states. Default: all but done and dropped.'),
  type: cardType.describe('get: only cards of this type.'),
  // No defaults here: the flat schema's output is re-checked per action, and a default would
  // put `limit` on a resolve call.
  limit: pageLimit.describe('get: page size, default 20.'),
  cursor: cursor.describe('get: next_cursor of the previous page.'),
  ...targetFields,
  ...threadField,
};

const common = { ...targetFields, ...threadField };

export const boardActionInput = z.discriminatedUnion('action', [
  z
    .strictObject({
      action: z.literal('get'),
      states: boardFields.states.optional(),
      type: boardFields.type.optional(),
      ...pageFields,
      ...common,
    })
    .superRefine(refineSingleTarget),
  z
    .strictObject({ action: z.literal('resolve'), label: labelOrNumber, ...common })
    .superRefine(refineSingleTarget),
]);
export type BoardActionInput = z.output<typeof boardActionInput>;

const input = actionInput(BOARD_ACTIONS, boardFields, boardActionInput);

const boardView = z.object({
  project: projectRef,
  counts: z.record(cardState, z.int().min(0)).describe('Cards per state on the whole board.'),
  cards: z.array(cardSummary),
  next_cursor: nextCursor,
});

const output = z.object({
  action: z.enum(BOARD_ACTIONS),
  board: boardView.optional().describe('get'),
  card: cardView.optional().describe('resolve'),
});

export const boardTool = defineTool({
  name: 'board',
  title: 'Board',
  description: describe(
    'Read a project board. action get lists its cards (default: all but done and dropped) with type, state, relations and open branches; relates_to recorded by attaching a card shows as declared: false. action resolve turns a label (SVC-12, or its number 12) into the full card with body, relations, branches and attachments.',
    "The board is that of scope or project_hint, else of the session's attached project. Use it before creating a card to find related cards, and to look up a card someone mentions by label. Change cards with the card tool.",
  ),
  input,
  output,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
});
