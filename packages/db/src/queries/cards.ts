// Card numbers: allocated from the board's counter under its row lock, so they never collide.
import { fail } from '@svc/errors';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client/types';
import { boards } from '../schema/boards';

/**
 * Takes the next number of a board. The UPDATE locks the board row until the transaction ends,
 * so concurrent creators queue on it; a rolled-back transaction gives its number back, which
 * keeps the sequence free of gaps. Call it in the transaction that inserts the card.
 */
export async function allocateCardNumber(tx: Tx, boardId: string): Promise<number> {
  const [row] = await tx
    .update(boards)
    .set({ nextCardNumber: sql`${boards.nextCardNumber} + 1` })
    .where(eq(boards.id, boardId))
    .returning({ number: sql<number>`${boards.nextCardNumber} - 1`.mapWith(Number) });
  if (row === undefined) throw fail.notFound('board not found', { boardId });
  return row.number;
}

/** The label cards are shown with in briefings, messages and the dashboard. */
export function cardLabel(number: number): string {
  return `SVC-${number}`;
}
