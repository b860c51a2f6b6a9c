// The ingest_conversation tool: the watcher's way to ship transcript chunks; their extraction runs on the queue.
import { ingestConversation } from '@svc/core';
import { defineHandler } from '../../tool-handler';
import { actorOf, memoryDeps } from '../tool-deps';

export const ingestConversationHandler = defineHandler({
  name: 'ingest_conversation',
  run: async (args, ctx) => {
    const result = await ingestConversation(memoryDeps(ctx), ctx.deps.runs, actorOf(ctx), args);
    // The run id ties this record to the watcher's own log of the pass; never the transcript itself.
    ctx.deps.logger.info('transcript_chunk', {
      run_id: args.run_id,
      sequence: args.sequence,
      accepted: result.accepted,
      extraction_run: result.extraction.run.id,
      chars: args.transcript_chunk.length,
    });
    return result;
  },
});
