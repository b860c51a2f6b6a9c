// The promote_loop tool: an open loop becomes a card on a project board.
import { promoteLoop } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { actorOf } from '../tool-deps';

export const promoteLoopHandler = defineHandler({
  name: 'promote_loop',
  run: (args, ctx) => promoteLoop(ctx.deps, actorOf(ctx), args),
});
