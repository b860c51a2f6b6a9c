// The `card` tool: create, move, attach, detach, edit, land and link, each as the caller in one transaction.
import {
  cardActionInput,
  type CardActionInput,
  type ToolArgs,
  type ToolOutput,
} from '@svc/contract';
import type { Tx } from '@svc/db';
import type { Actor } from '../actor';
import { loadThreadSession } from '../sessions/thread-sessions';
import { sessionAndTarget } from '../targets/session-and-target';
import { attachRef, detachRef } from './attach';
import { boardForCreate } from './board-target';
import { reloadCardView } from './card-view';
import { createCard } from './create-card';
import { declareLinks } from './declare-links';
import type { CardDeps } from './deps';
import { editCard } from './edit-card';
import type { FoundCard } from './find-card';
import { assertCardTextsClean } from './guard-texts';
import { landCard } from './land-card';
import { locateCard, requireWritable } from './locate-card';
import { moveCard } from './move-card';

type OnCard = Exclude<CardActionInput, { action: 'create' }>;

function perform(tx: Tx, userId: string, card: FoundCard, args: OnCard): Promise<boolean> {
  switch (args.action) {
    case 'move':
      return moveCard(tx, userId, card, args);
    case 'attach':
      return attachRef(tx, userId, card, args.ref_kind, args.ref);
    case 'detach':
      return detachRef(tx, card, args.ref_kind, args.ref);
    case 'edit':
      return editCard(tx, card, args);
    case 'land':
      return landCard(tx, userId, card, args);
    case 'link':
      return declareLinks(tx, userId, card, args.links);
  }
}

export async function runCard(
  deps: CardDeps,
  actor: Actor,
  input: ToolArgs<'card'>,
): Promise<ToolOutput<'card'>> {
  // The published schema is flat; the per-action union narrows it and applies the defaults.
  const args = cardActionInput.parse(input);
  await assertCardTextsClean(args);
  return deps.database.asUser(actor, async (tx) => {
    if (args.action === 'create') {
      const [, board] = await sessionAndTarget(tx, actor.userId, args, (project) =>
        boardForCreate(tx, actor.userId, args, project),
      );
      const created = await createCard(tx, actor.userId, board, args);
      return {
        action: 'create' as const,
        card: await reloadCardView(tx, created.row.id),
        changed: true,
      };
    }
    const session = await loadThreadSession(tx, actor.userId, args.thread);
    const card = await locateCard(tx, actor.userId, args, session.project, true);
    await requireWritable(tx, card);
    const changed = await perform(tx, actor.userId, card, args);
    return { action: args.action, card: await reloadCardView(tx, card.row.id), changed };
  });
}
