// Locates the card a call names and checks the caller may change it.
import { formatCardLabel, parseCardLabel, uuid, type ProjectRef } from '@svc/contract';
import type { Tx } from '@svc/db';
import { fail } from '@svc/errors';
import { canWriteScope } from '../memory/write-access';
import { boardForLookup, noBoardRefusal, type BoardInput } from './board-target';
import { resolveCardRef, type FoundCard } from './find-card';

export interface CardLookup extends BoardInput {
  card: string | number;
}

/**
 * A uuid needs no board; a label is read on the board of scope/project_hint, else the session's
 * project. A scope or hint given is always checked, so another user's scope is `forbidden` even
 * beside a card id. `strict` refuses an unresolvable project name (the `card` tool's rule).
 */
export async function locateCard(
  tx: Tx,
  userId: string,
  lookup: CardLookup,
  session: ProjectRef | null,
  strict: boolean,
): Promise<FoundCard> {
  const isId = typeof lookup.card === 'string' && uuid.safeParse(lookup.card).success;
  const explicit = lookup.scope !== undefined || lookup.project_hint !== undefined;
  const board =
    !isId || explicit ? await boardForLookup(tx, userId, lookup, session, strict) : null;
  const number = isId ? null : parseCardLabel(lookup.card);
  const shown = number === null ? String(lookup.card) : formatCardLabel(number);
  return resolveCardRef(tx, lookup.card, board, () =>
    noBoardRefusal(tx, userId, `read ${shown} on`),
  );
}

export async function requireWritable(tx: Tx, card: FoundCard): Promise<void> {
  if (!(await canWriteScope(tx, card.board.scopeId))) {
    throw fail.forbidden(
      `You can read but not change ${card.label} on project "${card.board.project.name}"`,
      {
        card: card.label,
      },
    );
  }
}
