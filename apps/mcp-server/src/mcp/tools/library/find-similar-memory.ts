// The find_similar_memory tool: memories close to a text or to a stored memory.
import { findSimilarMemory } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { memoryLinks } from '../memory-links';
import { actorOf, memoryDeps } from '../tool-deps';
import { similarityFinder } from './similarity';

export const findSimilarMemoryHandler = defineHandler({
  name: 'find_similar_memory',
  run: (args, ctx) => findSimilarMemory(memoryDeps(ctx), actorOf(ctx), args, similarityFinder(ctx)),
  links: (out) => memoryLinks(out.matches.map((m) => m.memory)),
});
