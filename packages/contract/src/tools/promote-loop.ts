// `promote_loop`: turn an open-loop memory into a card, opened in `active` by default.
import { z } from 'zod';
import {
  branch,
  cardBody,
  cardTitle,
  links,
  noBranch,
  noLinks,
  refineExclusivePairs,
} from '../card-inputs';
import { cardType } from '../cards';
import { cardView } from '../shared/card-view';
import { uuid } from '../shared/ids';
import { memoryView } from '../shared/memory-view';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

const input = z
  .strictObject({
    memory_id: uuid.describe('The open loop to promote.'),
    title: cardTitle.optional().describe('Default: the first line of the loop.'),
    body: cardBody.optional().describe("Default: the loop's text."),
    type: cardType.optional(),
    state: z.enum(['backlog', 'active']).default('active'),
    links: links.optional(),
    no_links: noLinks.optional(),
    branch: branch.optional(),
    no_branch: noBranch.optional(),
    close_loop: z.boolean().default(true).describe('Close the loop once the card exists.'),
    ...targetFields,
    ...threadField,
  })
  .superRefine((value, ctx) => {
    refineSingleTarget(value, ctx);
    refineExclusivePairs(value, ctx);
  });

const output = z.object({
  card: cardView,
  loop: memoryView.describe('The loop memory after promotion.'),
});

export const promoteLoopTool = defineTool({
  name: 'promote_loop',
  title: 'Promote loop to card',
  description: describe(
    'Turn an open loop (a memory stored with loop: true) into a card on a project board, when the follow-up has become real work. The card opens in active unless state is backlog, and the loop is closed unless close_loop is false.',
    "Same rules as card create: type (story, bug, task, spike) is required (else type_required); links [{card, relation, reason}] or no_links (reason) is required (else links_required, naming candidate cards); opening in active needs branch {repo, name} or no_branch (reason), else branch_required. The board is that of scope or project_hint, else the session's project. Title, body and reasons are checked for secrets.",
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
