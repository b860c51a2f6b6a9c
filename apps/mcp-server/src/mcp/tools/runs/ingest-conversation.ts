// The ingest_conversation tool: the watcher's way to ship transcript chunks.
import { ingestConversation } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { actorOf, memoryDeps } from '../tool-deps';

export const ingestConversationHandler = defineHandler({
  name: 'ingest_conversation',
  run: (args, ctx) => ingestConversation(memoryDeps(ctx), actorOf(ctx), args),
});
