// The one source of card summary lines: what board get lists and what build_context briefs.
import { formatCardLabel, type CardSummary } from '@svc/contract';
import { boards, both, cards, type Tx } from '@svc/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { branchesOf } from './branches';
import type { CardRow } from './find-card';
import { liveRelations } from './relation-reads';

export async function summarizeCards(tx: Tx, rows: readonly CardRow[]): Promise<CardSummary[]> {
  const ids = rows.map((r) => r.id);
  const [relations, open] = await both(
    tx,
    () => liveRelations(tx, ids),
    () => branchesOf(tx, ids, true),
  );
  return rows.map((card) => ({
    id: card.id,
    label: formatCardLabel(card.number),
    number: card.number,
    title: card.title,
    type: card.type,
    state: card.state,
    relations: (relations.get(card.id) ?? []).map(({ card_label, relation, declared }) => ({
      card_label,
      relation,
      declared,
    })),
    open_branches: open
      .filter((b) => b.cardId === card.id)
      .map(({ repo, name }) => ({ repo, name })),
    updated_at: card.updatedAt.toISOString(),
  }));
}

/** Cards in progress (active and review) on a project's board, for briefings. */
export async function cardsInProgress(tx: Tx, projectId: string): Promise<CardSummary[]> {
  const rows = await tx
    .select({ card: cards })
    .from(cards)
    .innerJoin(boards, eq(boards.id, cards.boardId))
    .where(and(eq(boards.projectId, projectId), inArray(cards.state, ['active', 'review'])))
    .orderBy(asc(cards.number));
  return summarizeCards(
    tx,
    rows.map((r) => r.card),
  );
}
