// One page of a board: counts per state, and cards column by column (state order, then number).
import { CARD_STATES, type CardState, type CardSummary, type CardType } from '@svc/contract';
import { both, cards, type Tx } from '@svc/db';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from './cursor';
import type { BoardRef } from './deps';
import { summarizeCards } from './summaries';

export interface BoardFilter {
  states?: CardState[];
  type?: CardType;
  limit: number;
  cursor?: string;
}

/** Finished and abandoned cards are history: shown only when asked for. */
const DEFAULT_STATES: CardState[] = ['backlog', 'active', 'review'];
const boardCursor = z.object({ s: z.enum(CARD_STATES), n: z.int().min(1) });

async function countsOf(tx: Tx, boardId: string): Promise<Record<CardState, number>> {
  const rows = await tx
    .select({ state: cards.state, n: count() })
    .from(cards)
    .where(eq(cards.boardId, boardId))
    .groupBy(cards.state);
  const counts = Object.fromEntries(CARD_STATES.map((s) => [s, 0])) as Record<CardState, number>;
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

/** The enum's declaration order is the column order, so (state, number) is the page key. */
export async function boardPage(tx: Tx, board: BoardRef, filter: BoardFilter) {
  const after = filter.cursor ? decodeCursor(filter.cursor, boardCursor) : null;
  // The counts need only the board: read beside its page.
  const [rows, counts] = await both(
    tx,
    () =>
      tx
        .select()
        .from(cards)
        .where(
          and(
            eq(cards.boardId, board.id),
            inArray(cards.state, filter.states ?? DEFAULT_STATES),
            filter.type ? eq(cards.type, filter.type) : undefined,
            after
              ? sql`(${cards.state}, ${cards.number}) > (${after.s}::card_state, ${after.n})`
              : undefined,
          ),
        )
        .orderBy(asc(cards.state), asc(cards.number))
        .limit(filter.limit + 1),
    () => countsOf(tx, board.id),
  );
  const kept = rows.slice(0, filter.limit);
  const last = kept.at(-1);
  const summaries: CardSummary[] = await summarizeCards(tx, kept);
  return {
    project: board.project,
    counts,
    cards: summaries,
    next_cursor:
      rows.length > filter.limit && last ? encodeCursor({ s: last.state, n: last.number }) : null,
  };
}
