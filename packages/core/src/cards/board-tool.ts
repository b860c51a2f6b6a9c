// The `board` tool: get a project board, or resolve an SVC-N label (or its number) to the whole card.
import {
  boardActionInput,
  formatCardLabel,
  parseCardLabel,
  type ToolArgs,
  type ToolOutput,
} from '@svc/contract';
import { fail } from '@svc/errors';
import type { Actor } from '../actor';
import { sessionAndTarget } from '../targets/session-and-target';
import { boardForLookup, noBoardRefusal } from './board-target';
import { boardPage } from './board-page';
import { toCardView } from './card-view';
import type { CardDeps } from './deps';
import { findCardByNumber } from './find-card';

export async function runBoard(
  deps: CardDeps,
  actor: Actor,
  input: ToolArgs<'board'>,
): Promise<ToolOutput<'board'>> {
  const args = boardActionInput.parse(input);
  return deps.database.asUser(actor, async (tx) => {
    // A read: a project name that fits nothing is ignored, as on every read.
    const [, board] = await sessionAndTarget(tx, actor.userId, args, (project) =>
      boardForLookup(tx, actor.userId, args, project, false),
    );
    if (!board) throw await noBoardRefusal(tx, actor.userId, 'show');
    if (args.action === 'get')
      return { action: 'get' as const, board: await boardPage(tx, board, args) };
    const number = parseCardLabel(args.label);
    if (number === null)
      throw fail.validation(`"${String(args.label)}" is not a card label such as SVC-12`);
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
    return { action: 'resolve' as const, card: await toCardView(tx, found) };
  });
}
