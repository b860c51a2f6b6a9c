// The card tool: create, move, attach, detach, edit, land and link task cards.
import { runCard } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { actorOf } from '../tool-deps';

export const cardHandler = defineHandler({
  name: 'card',
  run: (args, ctx) => runCard(ctx.deps, actorOf(ctx), args),
});
