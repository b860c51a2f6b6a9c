// The board tool: a project board by columns, or one card by its SVC-N label or number.
import { runBoard } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { actorOf } from '../tool-deps';

export const boardHandler = defineHandler({
  name: 'board',
  run: (args, ctx) => runBoard(ctx.deps, actorOf(ctx), args),
});
