// The memory_version_history tool: a memory's supersedes chain with its lifecycle events.
import { memoryVersionHistory } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { memoryLinks } from '../memory-links';
import { actorOf, memoryDeps } from '../tool-deps';
import { memoryAudit } from './memory-audit';

export const memoryVersionHistoryHandler = defineHandler({
  name: 'memory_version_history',
  run: (args, ctx) => memoryVersionHistory(memoryDeps(ctx), actorOf(ctx), args, memoryAudit(ctx.deps.database)),
  links: (out) => memoryLinks(out.versions),
});
