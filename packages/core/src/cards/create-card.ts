// Puts a new card on a board: the contract's create refusals first, then a gap-free number and the statements.
import { formatCardLabel, type BranchInput, type CardType, type LinkItem } from '@svc/contract';
import { allocateCardNumber, cards, type Tx } from '@svc/db';
import { openBranch } from './branches';
import { candidateCards } from './candidates';
import { appendNote } from './card-log-rows';
import { declareLinks } from './declare-links';
import type { BoardRef } from './deps';
import type { FoundCard } from './find-card';
import { branchRequired, linksRequired, typeRequired } from './refusals';

export interface NewCard {
  title: string;
  body?: string;
  type?: CardType;
  state: 'backlog' | 'active';
  links?: LinkItem[];
  no_links?: string;
  branch?: BranchInput;
  no_branch?: string;
  /** The open loop promote_loop made this card from. */
  sourceMemoryId?: string;
}

const SUBJECT = 'The new card';

/** Rows 1 to 3 of the state table, in the table's order, before a number is taken. */
async function assertCreatable(tx: Tx, board: BoardRef, card: NewCard): Promise<CardType> {
  if (!card.links && !card.no_links)
    throw linksRequired(SUBJECT, await candidateCards(tx, board.id, card.title));
  if (!card.type) throw typeRequired(SUBJECT);
  if (card.state === 'active' && !card.branch && !card.no_branch) throw branchRequired(SUBJECT);
  return card.type;
}

export async function createCard(
  tx: Tx,
  userId: string,
  board: BoardRef,
  card: NewCard,
): Promise<FoundCard> {
  const type = await assertCreatable(tx, board, card);
  // The board row stays locked until commit, so concurrent creators queue and numbers never repeat.
  const number = await allocateCardNumber(tx, board.id);
  const [row] = await tx
    .insert(cards)
    .values({
      boardId: board.id,
      number,
      title: card.title,
      body: card.body ?? '',
      type,
      state: card.state,
      relationsAssessed: true,
      noLinksReason: card.no_links ?? null,
      noBranchReason: card.no_branch ?? null,
      sourceMemoryId: card.sourceMemoryId ?? null,
      createdBy: userId,
    })
    .returning();
  const found: FoundCard = { row: row!, board, label: formatCardLabel(number) };
  if (card.links) await declareLinks(tx, userId, found, card.links);
  if (card.branch) await openBranch(tx, row!.id, userId, card.branch);
  if (card.no_branch) await appendNote(tx, userId, row!.id, `No branch: ${card.no_branch}`);
  return found;
}
