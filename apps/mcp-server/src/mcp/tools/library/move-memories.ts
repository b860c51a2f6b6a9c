// The move_memories tool: share memories into a project or take them private, audited per memory.
import { moveMemories } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { actorOf, memoryDeps } from '../tool-deps';
import { memoryAudit } from './memory-audit';

export const moveMemoriesHandler = defineHandler({
  name: 'move_memories',
  run: (args, ctx) => moveMemories(memoryDeps(ctx), actorOf(ctx), args, memoryAudit(ctx.deps.database)),
});
