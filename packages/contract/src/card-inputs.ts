// The card relation and branch inputs of the contract, shared by `card`, `promote_loop` and `link`.
import { z } from 'zod';
import {
  BRANCH_NAME_MAX_CHARS,
  BRANCH_REPO_MAX_CHARS,
  CARD_BODY_MAX_CHARS,
  CARD_TITLE_MAX_CHARS,
  LINKS_MAX,
} from './bounds';
import { cardLabel, cardRelation } from './cards';
import { uuid } from './shared/ids';
import { boundedText, reasonText } from './shared/text';

/** A card named by its id or its `SVC-N` label (labels resolve on the board in question). */
export const cardRef = z
  .union([uuid, cardLabel])
  .describe('Card id (uuid) or label such as SVC-12.');

export const linkItem = z.strictObject({
  card: cardRef,
  relation: cardRelation.describe('Read as: this card <relation> the named card.'),
  reason: reasonText.describe('Why the cards are related, in words.'),
});
export type LinkItem = z.infer<typeof linkItem>;

export const links = z
  .array(linkItem)
  .min(1, 'links needs at least one entry; to say there are none, pass no_links with a reason')
  .max(LINKS_MAX)
  .describe('Declared relations to other cards.');

export const noLinks = reasonText.describe('Why this card relates to no other card.');

/** `name` is the branch as git knows it; `repo` a git remote or repository path. */
export const branchInput = z.strictObject({
  repo: boundedText(BRANCH_REPO_MAX_CHARS),
  name: boundedText(BRANCH_NAME_MAX_CHARS).regex(/^[^\s~^:?*[\\]+$/, 'not a valid git branch name'),
});
export type BranchInput = z.infer<typeof branchInput>;

export const branch = branchInput.describe('The branch the work happens on; opened on the card.');
export const noBranch = reasonText.describe('Why the work needs no branch.');
export const notLanded = reasonText.describe(
  'Why the open branch has not landed; closes it unlanded.',
);

export const cardTitle = boundedText(CARD_TITLE_MAX_CHARS);
export const cardBody = boundedText(CARD_BODY_MAX_CHARS);

/** A statement and its opposite at once would be a contradiction, so each pair is exclusive. */
export function refineExclusivePairs(
  value: { links?: unknown; no_links?: unknown; branch?: unknown; no_branch?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (value.links !== undefined && value.no_links !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['no_links'],
      message: 'pass links or no_links, not both',
    });
  }
  if (value.branch !== undefined && value.no_branch !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['no_branch'],
      message: 'pass branch or no_branch, not both',
    });
  }
}
