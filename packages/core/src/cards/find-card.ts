// Finds a card the caller can see, by id or by its SVC-N label on a board, together with its board.
import { formatCardLabel, parseCardLabel, uuid } from '@svc/contract';
import { boards, cards, projects, type Tx } from '@svc/db';
import { fail } from '@svc/errors';
import { and, eq, type SQL } from 'drizzle-orm';
import type { BoardRef } from './deps';

export type CardRow = typeof cards.$inferSelect;

export interface FoundCard {
  row: CardRow;
  board: BoardRef;
  label: string;
}

async function findOne(tx: Tx, where: SQL | undefined): Promise<FoundCard | null> {
  const [found] = await tx
    .select({
      row: cards,
      boardId: boards.id,
      scopeId: boards.scopeId,
      projectId: projects.id,
      projectName: projects.name,
    })
    .from(cards)
    .innerJoin(boards, eq(boards.id, cards.boardId))
    .innerJoin(projects, eq(projects.id, boards.projectId))
    .where(where)
    .limit(1);
  if (!found) return null;
  const board = {
    id: found.boardId,
    scopeId: found.scopeId,
    project: { id: found.projectId, name: found.projectName },
  };
  return { row: found.row, board, label: formatCardLabel(found.row.number) };
}

/** Null for an id that does not exist and for one the caller may not see: the two look alike. */
export function findCardById(tx: Tx, id: string): Promise<FoundCard | null> {
  return findOne(tx, eq(cards.id, id));
}

export function findCardByNumber(
  tx: Tx,
  boardId: string,
  number: number,
): Promise<FoundCard | null> {
  return findOne(tx, and(eq(cards.boardId, boardId), eq(cards.number, number)));
}

/**
 * A card reference is a uuid (found on any board the caller can see) or a label, read on `board`.
 * `noBoard` makes the refusal for a label when nothing names a board; callers that always have a
 * board (labels inside links, read on the card's own board) leave it out.
 */
export async function resolveCardRef(
  tx: Tx,
  ref: string | number,
  board: BoardRef | null,
  noBoard: () => Promise<Error> = () => Promise.resolve(fail.validation('A label needs a board')),
): Promise<FoundCard> {
  if (typeof ref === 'string' && uuid.safeParse(ref).success) {
    const found = await findCardById(tx, ref);
    if (!found) throw fail.notFound(`No card ${ref} that you can see`, { card: ref });
    return found;
  }
  const number = parseCardLabel(ref);
  if (number === null)
    throw fail.validation(`"${String(ref)}" is neither a card id nor a label such as SVC-12`, {
      card: ref,
    });
  if (!board) throw await noBoard();
  const found = await findCardByNumber(tx, board.id, number);
  if (!found) {
    throw fail.notFound(
      `No card ${formatCardLabel(number)} on the board of project "${board.project.name}"`,
      {
        card: formatCardLabel(number),
        project_id: board.project.id,
      },
    );
  }
  return found;
}
