// The recall tool: ranked memories for a question, each linked to its full row.
import { recall, sessionLine } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { memoryLinks } from '../memory-links';
import { actorOf, memoryDeps } from '../tool-deps';

export const recallHandler = defineHandler({
  name: 'recall',
  run: (args, ctx) => recall(memoryDeps(ctx), actorOf(ctx), args),
  links: (out) => memoryLinks(out.results.map((r) => r.memory)),
  sessionLine: (out) => (out.session ? sessionLine(out.session) : undefined),
});
