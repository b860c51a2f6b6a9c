// The card_log tool: append notes to a card's log and read it back.
import { runCardLog } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { actorOf } from '../tool-deps';

export const cardLogHandler = defineHandler({
  name: 'card_log',
  run: (args, ctx) => runCardLog(ctx.deps, actorOf(ctx), args),
});
