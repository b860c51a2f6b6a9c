// The resolve_conflicts tool: settle the caller's conflicts by policy or by explicit choice.
import { resolveConflicts } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { actorOf, memoryDeps } from '../tool-deps';

export const resolveConflictsHandler = defineHandler({
  name: 'resolve_conflicts',
  run: (args, ctx) => resolveConflicts(memoryDeps(ctx), actorOf(ctx), args),
});
