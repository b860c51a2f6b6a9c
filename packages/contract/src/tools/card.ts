// `card`: create, move, attach, detach, edit, land and link task cards on a project board.
import { z } from 'zod';
import { CARD_ACTIONS, cardActionInput, cardFields } from './card-actions';
import { actionInput } from '../shared/actions';
import { cardView } from '../shared/card-view';
import { defineTool, describe } from '../shared/tool';

const input = actionInput(CARD_ACTIONS, cardFields, cardActionInput);

const output = z.object({
  action: z.enum(CARD_ACTIONS),
  card: cardView,
  changed: z
    .boolean()
    .describe('False when the call left the card as it was (e.g. a move to its own state).'),
});

export const cardTool = defineTool({
  name: 'card',
  title: 'Card',
  description: describe(
    'Manage task cards on a project board (labels SVC-N). Actions: create, move (change state: backlog, active, review, done, dropped), attach/detach (ref_kind memory, card or url), edit (title, body, type), land (record that a branch landed), link (declare relations to other cards).',
    "create needs title, type (story: user-facing feature; bug: broken function; task: docs, tests, refactoring, ops; spike: output is an answer) and either links [{card, relation, reason}] or no_links (why it relates to nothing). Missing ones are refused with links_required (naming candidate cards) or type_required. Create goes on the board of scope/project_hint, else of the session's project; with neither it is refused with scope_target_required: and your projects listed.",
    "Into active (create or move) needs branch {repo, name} or no_branch (reason) unless the card already holds an open branch, else branch_required. A move into active also needs the card's relations stated once (links, no_links or an earlier link) and a type. Out of active with an open branch is refused with branch_open: use land, or pass not_landed (reason).",
    'Attaching a card records an undeclared relates_to; a declared relation replaces it and detach retires it. title, body and every reason are checked for secrets (secret_content_rejected:). scope/project_hint also choose the board an SVC-N label is read on.',
  ),
  input,
  output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
});
