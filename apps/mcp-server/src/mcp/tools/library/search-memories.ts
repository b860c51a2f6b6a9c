// The search_memories tool: filtered, sorted, paged browsing, each memory linked to its full row.
import { searchMemories } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { memoryLinks } from '../memory-links';
import { actorOf, memoryDeps } from '../tool-deps';
import { similarityFinder } from './similarity';

export const searchMemoriesHandler = defineHandler({
  name: 'search_memories',
  run: (args, ctx) =>
    searchMemories(memoryDeps(ctx), actorOf(ctx), args, { retriever: ctx.deps.retriever, finder: similarityFinder(ctx) }),
  links: (out) => memoryLinks(out.memories.map((m) => m.memory)),
});
