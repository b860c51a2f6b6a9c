// Active and review cards of a project's board for briefings, from the card domain's summaries.
import type { CardSummary } from '@svc/contract';
import type { Tx } from '@svc/db';
import { cardsInProgress } from '../cards/summaries';

export function briefingCards(tx: Tx, projectId: string): Promise<CardSummary[]> {
  return cardsInProgress(tx, projectId);
}
