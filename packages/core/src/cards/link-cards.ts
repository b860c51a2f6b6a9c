// Declares relations from one card to others: the `card` link action and the card part of the `link` tool.
import type { LinkItem, ScopeTarget } from '@svc/contract';
import type { Actor } from '../actor';
import { loadThreadSession } from '../sessions/thread-sessions';
import { declareLinks } from './declare-links';
import type { CardDeps } from './deps';
import { assertCardTextsClean } from './guard-texts';
import { locateCard, requireWritable } from './locate-card';
import { liveRelations, type RelationView } from './relation-reads';

export interface LinkCardsInput {
  card: string;
  links: LinkItem[];
  scope?: ScopeTarget;
  project_hint?: string;
  thread?: string;
}

export interface LinkCardsResult {
  card: { id: string; label: string };
  /** Every live relation of the card after the call, as the `link` tool's `card_relations`. */
  card_relations: RelationView[];
  changed: boolean;
}

/**
 * For the `link` tool's `cards` action: reasons are checked for secrets before anything is
 * written, labels are read on the card's board, and linking the same relation again changes nothing.
 */
export async function linkCards(
  deps: CardDeps,
  actor: Actor,
  args: LinkCardsInput,
): Promise<LinkCardsResult> {
  await assertCardTextsClean({ links: args.links });
  return deps.database.asUser(actor, async (tx) => {
    const session = await loadThreadSession(tx, actor.userId, args.thread);
    const card = await locateCard(tx, actor.userId, args, session.project, true);
    await requireWritable(tx, card);
    const changed = await declareLinks(tx, actor.userId, card, args.links);
    const relations = (await liveRelations(tx, [card.row.id])).get(card.row.id) ?? [];
    return { card: { id: card.row.id, label: card.label }, card_relations: relations, changed };
  });
}
