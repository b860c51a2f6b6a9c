// The build_context tool: a briefing for a task within a token budget.
import { buildContext, sessionLine } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { memoryLinks } from '../memory-links';
import { actorOf, memoryDeps } from '../tool-deps';

export const buildContextHandler = defineHandler({
  name: 'build_context',
  run: (args, ctx) => buildContext(memoryDeps(ctx), actorOf(ctx), args),
  links: (out) => memoryLinks([...out.open_loops, ...out.memories.map((m) => m.memory)]),
  sessionLine: (out) => (out.session ? sessionLine(out.session) : undefined),
});
