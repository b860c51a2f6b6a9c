// Adapts the server's context to what the core operations take: the actor and the memory parts.
import type { Actor, MemoryDeps } from '@svc/core';
import { memoryDepsOf } from '../../memory-deps';
import type { ToolContext } from '../tool-handler';

export function actorOf(ctx: ToolContext): Actor {
  return { userId: ctx.caller.userId, aal: ctx.caller.aal };
}

export function memoryDeps(ctx: ToolContext): MemoryDeps {
  return memoryDepsOf(ctx.deps);
}
