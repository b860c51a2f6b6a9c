// Moves a card between states, applying the statements given and the contract's rules into and out of active.
import type { BranchInput, CardState, CardType, LinkItem } from '@svc/contract';
import { cards, type Tx } from '@svc/db';
import { fail } from '@svc/errors';
import { eq } from 'drizzle-orm';
import { closeNotLanded, openBranch, openBranches } from './branches';
import { candidateCards } from './candidates';
import { appendNote } from './card-log-rows';
import { declareLinks, touchCard } from './declare-links';
import { findCardById, type FoundCard } from './find-card';
import { liveRelations, relationsAssessed } from './relation-reads';
import { branchOpen, branchRequired, linksRequired, typeRequired } from './refusals';

export interface MoveStatements {
  state: CardState;
  type?: CardType;
  links?: LinkItem[];
  no_links?: string;
  branch?: BranchInput;
  no_branch?: string;
  not_landed?: string;
}

/** `type` on a move only declares a card that has none; changing a type is edit's job. */
async function declareType(tx: Tx, card: FoundCard, type: CardType | undefined): Promise<boolean> {
  if (!type || card.row.type === type) return false;
  if (card.row.type !== null) {
    throw fail.validation(
      `${card.label} is already a ${card.row.type}; type on a move only declares a card that has none. Use action edit to change it.`,
      { card: card.label, type: card.row.type },
    );
  }
  await tx.update(cards).set({ type }).where(eq(cards.id, card.row.id));
  return true;
}

async function stateNoLinks(tx: Tx, card: FoundCard, reason: string): Promise<boolean> {
  const relations = (await liveRelations(tx, [card.row.id])).get(card.row.id) ?? [];
  if (relations.some((r) => r.declared)) {
    throw fail.validation(
      `${card.label} already has declared relations, which no_links would contradict`,
      { card: card.label },
    );
  }
  if (card.row.relationsAssessed && card.row.noLinksReason === reason) return false;
  await tx
    .update(cards)
    .set({ relationsAssessed: true, noLinksReason: reason })
    .where(eq(cards.id, card.row.id));
  return true;
}

/** Rows 3 to 5 of the state table, checked once the call's own statements are applied. */
async function assertMayEnterActive(tx: Tx, card: FoundCard, noBranch: boolean): Promise<void> {
  const relations = (await liveRelations(tx, [card.row.id])).get(card.row.id) ?? [];
  if (!relationsAssessed(card.row, relations)) {
    throw linksRequired(
      card.label,
      await candidateCards(tx, card.board.id, card.row.title, card.row.id),
    );
  }
  if (card.row.type === null) throw typeRequired(card.label);
  if (!noBranch && (await openBranches(tx, card.row.id)).length === 0)
    throw branchRequired(card.label);
}

/** Returns whether anything changed; any refusal rolls the whole call back. */
export async function moveCard(
  tx: Tx,
  userId: string,
  card: FoundCard,
  move: MoveStatements,
): Promise<boolean> {
  let changed = await declareType(tx, card, move.type);
  if (move.links) changed = (await declareLinks(tx, userId, card, move.links)) || changed;
  if (move.no_links) changed = (await stateNoLinks(tx, card, move.no_links)) || changed;
  if (move.not_landed)
    changed = (await closeNotLanded(tx, card.row.id, move.not_landed)) > 0 || changed;
  if (move.branch) changed = (await openBranch(tx, card.row.id, userId, move.branch)) || changed;
  const now = (await findCardById(tx, card.row.id)) ?? card;
  const from = now.row.state;
  if (move.state === 'active' && from !== 'active')
    await assertMayEnterActive(tx, now, move.no_branch !== undefined);
  if (from === 'active' && move.state !== 'active') {
    const open = await openBranches(tx, card.row.id);
    if (open.length > 0) throw branchOpen(card.label, open);
  }
  if (move.no_branch) {
    await tx.update(cards).set({ noBranchReason: move.no_branch }).where(eq(cards.id, card.row.id));
    await appendNote(tx, userId, card.row.id, `No branch: ${move.no_branch}`);
    changed = true;
  }
  if (move.state !== from) {
    await tx.update(cards).set({ state: move.state }).where(eq(cards.id, card.row.id));
    return true;
  }
  if (changed) await touchCard(tx, card.row.id);
  return changed;
}
