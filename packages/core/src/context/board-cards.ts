// Active and review cards of a project's board with their open branches, for briefings.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { formatCardLabel, type CardSummary } from '@svc/contract';
import { boards, cardBranches, cards, type Tx } from '@svc/db';

export async function briefingCards(tx: Tx, projectId: string): Promise<CardSummary[]> {
  const rows = await tx
    .select({ card: cards })
    .from(cards)
    .innerJoin(boards, eq(boards.id, cards.boardId))
    .where(and(eq(boards.projectId, projectId), inArray(cards.state, ['active', 'review'])))
    .orderBy(cards.number);
  if (rows.length === 0) return [];
  const branches = await tx
    .select({ cardId: cardBranches.cardId, repo: cardBranches.repo, name: cardBranches.name })
    .from(cardBranches)
    .where(and(inArray(cardBranches.cardId, rows.map((r) => r.card.id)), isNull(cardBranches.closedAt)));
  return rows.map(({ card }) => ({
    id: card.id,
    label: formatCardLabel(card.number),
    number: card.number,
    title: card.title,
    type: card.type,
    state: card.state,
    relations: [],
    open_branches: branches.filter((b) => b.cardId === card.id).map(({ repo, name }) => ({ repo, name })),
    updated_at: card.updatedAt.toISOString(),
  }));
}
