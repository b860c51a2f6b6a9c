// The forget, close_loop and restore_memory tools.
import { closeLoop, forget, restoreMemory } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { actorOf, memoryDeps } from '../tool-deps';

export const forgetHandler = defineHandler({
  name: 'forget',
  run: (args, ctx) => forget(memoryDeps(ctx), actorOf(ctx), args),
});

export const closeLoopHandler = defineHandler({
  name: 'close_loop',
  run: (args, ctx) => closeLoop(memoryDeps(ctx), actorOf(ctx), args),
});

export const restoreMemoryHandler = defineHandler({
  name: 'restore_memory',
  run: (args, ctx) => restoreMemory(memoryDeps(ctx), actorOf(ctx), args),
});
