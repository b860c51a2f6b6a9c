// The list_conflicts tool: the caller's own conflicts, each with both memories linked.
import { listConflicts } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { memoryLinks } from '../memory-links';
import { actorOf, memoryDeps } from '../tool-deps';

export const listConflictsHandler = defineHandler({
  name: 'list_conflicts',
  run: (args, ctx) => listConflicts(memoryDeps(ctx), actorOf(ctx), args),
  links: (out) => memoryLinks(out.conflicts.flatMap((c) => [c.a, c.b])),
});
