// Tool handlers of the tests' own, so the pipeline's counting, logging and usage are seen with known behaviour.
import type { HandlerTable } from '../../src/mcp/call-tool';
import { defineHandler, type ToolHandler } from '../../src/mcp/tool-handler';
import { TOOL_HANDLERS } from '../../src/mcp/tools';

/** Sent in tool arguments; it must never appear in any log line. */
export const PAYLOAD_MARKER = 'PAYLOAD-MARKER-the-launch-code-is-hunter2';

/** `forget` that succeeds after a database round trip, logging on the way as a real handler would. */
const forget = defineHandler({
  name: 'forget',
  async run(args, ctx) {
    await ctx.deps.database.ping();
    ctx.deps.logger.info('test_forget_ran', { ids: args.ids.length });
    return { retired: args.ids, skipped: [] };
  },
});

/** `recall` failing with an unclassified throw, which the pipeline must report as `internal`. */
const recall = defineHandler({
  name: 'recall',
  run() {
    return Promise.reject(new Error('recall exploded'));
  },
});

/** The real handlers, with `forget` and `recall` swapped for the ones above. */
export const TEST_TOOLS: HandlerTable = new Map([
  ...TOOL_HANDLERS,
  ...([forget, recall] as ToolHandler[]).map((handler) => [handler.name, handler] as const),
]);
