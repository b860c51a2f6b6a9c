// The link tool: entity relations in the knowledge graph, or declared relations between cards.
import { linkActionInput } from '@svc/contract';
import { linkCards, linkEntities } from '@svc/core';
import { fail } from '@svc/errors';
import { defineHandler } from '../../tool-handler';
import { actorOf, memoryDeps } from '../tool-deps';

export const linkHandler = defineHandler({
  name: 'link',
  async run(args, ctx) {
    // The published schema has every field optional; the per-action union narrows it by action.
    const parsed = linkActionInput.safeParse(args);
    if (!parsed.success) throw fail.validation(`Invalid arguments: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
    const input = parsed.data;
    if (input.action === 'entities') return linkEntities(memoryDeps(ctx), actorOf(ctx), input);
    const { action: _action, ...cardArgs } = input;
    const linked = await linkCards(ctx.deps, actorOf(ctx), cardArgs);
    return { action: 'cards', card: linked.card, card_relations: linked.card_relations };
  },
});
