// The import_memory tool: a batch of memories into one target, item by item.
import { importMemory } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { actorOf, memoryDeps } from '../tool-deps';

export const importMemoryHandler = defineHandler({
  name: 'import_memory',
  run: (args, ctx) => importMemory(memoryDeps(ctx), actorOf(ctx), args),
});
