// `card_log`: append a note to a card's log and read the log back.
import { z } from 'zod';
import { CARD_NOTE_MAX_CHARS } from '../bounds';
import { cardRef } from '../card-inputs';
import { isoDateTime, uuid } from '../shared/ids';
import { nextCursor, pageFields } from '../shared/pagination';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { boundedText } from '../shared/text';
import { threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

const input = z
  .strictObject({
    card: cardRef,
    note: boundedText(CARD_NOTE_MAX_CHARS)
      .optional()
      .describe('Text to append. Omit to only read the log.'),
    ...pageFields,
    ...targetFields,
    ...threadField,
  })
  .superRefine(refineSingleTarget);

const logEntry = z.object({
  id: uuid,
  note: z.string(),
  created_by: uuid,
  created_at: isoDateTime,
});

const output = z.object({
  card: z.object({ id: uuid, label: z.string() }),
  added: logEntry.nullable().describe('The entry this call appended, if any.'),
  entries: z.array(logEntry).describe('Newest first.'),
  next_cursor: nextCursor,
});

export const cardLogTool = defineTool({
  name: 'card_log',
  title: 'Card log',
  description: describe(
    "Append a note to a card's log (progress, findings, decisions taken while working on it) and read the log, newest first. Omit note to only read. Use it to leave a trail another session can pick up; durable knowledge beyond this card belongs in remember.",
    'The card is its id or SVC-N label; scope or project_hint choose the board a label is read on (default: the session\'s project). A note that looks like it holds a secret is refused with "secret_content_rejected:".',
  ),
  input,
  output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
});
