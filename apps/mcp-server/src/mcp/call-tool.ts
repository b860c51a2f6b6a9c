// The one path every tool call takes: parse input, run, check output, shape the result, count and log.
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS, isToolName, type ToolName } from '@svc/contract';
import { inDatabaseLane, takeDatabaseAnswers } from '@svc/db';
import { fail, type ServiceError } from '@svc/errors';
import { annotateRequestContext } from '@svc/observability';
import { classifyThrow, isDatabaseUnavailable, logOutage } from '../failure';
import { composeFooter } from './footer';
import type { HandlerTable, ToolContext } from './tool-handler';
import { OnePerTurn } from './one-per-turn';
import { noticeRefusal, noticeRun } from './tool-notices';
import { errorResult, successResult } from './tool-result';

export type { HandlerTable } from './tool-handler';

/**
 * Tools that wait on the embedding model (a query or a document vector) and do the heaviest
 * database work: under load they queue in the embedded database's bulk lane, so that calls which
 * need no model (cards, boards, reads by id) go first (see packages/db/src/client/lanes.ts).
 */
const MODEL_TOOLS: ReadonlySet<ToolName> = new Set<ToolName>([
  'remember',
  'recall',
  'build_context',
  'search_memories',
  'find_similar_memory',
  'import_memory',
  'ingest_conversation',
  'resolve_conflicts',
]);

const modelToolStarts = new OnePerTurn(takeDatabaseAnswers);

function invalidArguments(issues: { path: PropertyKey[]; message: string }[]): ServiceError {
  const list = issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const summary = list.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return fail.validation(`Invalid arguments: ${summary}`, { issues: list });
}

export async function callTool(
  handlers: HandlerTable,
  name: string,
  rawArgs: unknown,
  ctx: ToolContext,
): Promise<CallToolResult> {
  const handler = handlers.get(name);
  // Unregistered and withdrawn names alike are unknown tools: a protocol error, not a tool result.
  if (!handler || !isToolName(name)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  const definition = TOOLS[name];
  if (ctx.transport === 'http') ctx.deps.metrics.toolCalls.inc({ tool: name });
  annotateRequestContext({ tool: name });
  const started = performance.now();
  let outcome = 'ok';
  // Transactions already open go on before this call adds work of its own (see takeDatabaseAnswers).
  takeDatabaseAnswers();
  try {
    const lane = MODEL_TOOLS.has(name) ? 'bulk' : 'interactive';
    // Model tools start one per turn of the event loop: a burst of them does not hold up quick calls
    // or the next statements of transactions already open on the embedded database.
    if (lane === 'bulk') await modelToolStarts.turn();
    const parsed = definition.input.safeParse(rawArgs ?? {});
    if (!parsed.success) throw invalidArguments(parsed.error.issues);
    const output = await inDatabaseLane(lane, () => handler.run(parsed.data as never, ctx));
    const checked = definition.output.safeParse(output);
    if (!checked.success) {
      ctx.deps.logger.error('tool_output_invalid', { issues: checked.error.issues.slice(0, 5) });
      // A result that breaks its own schema is our bug, so it is left unclassified: `internal`.
      throw new Error(`Output of ${name} failed its schema`);
    }
    const structured = checked.data as Record<string, unknown>;
    noticeRun(ctx, name, structured);
    return successResult({
      structured,
      footer: composeFooter({
        readOnly: definition.annotations.readOnlyHint,
        sessionLine: handler.sessionLine?.(checked.data as never),
      }),
      links: definition.annotations.readOnlyHint ? handler.links?.(checked.data as never) : undefined,
    });
  } catch (thrown) {
    const err = classifyThrow(thrown);
    outcome = err.code;
    noticeRefusal(ctx, name, definition.annotations.readOnlyHint, err);
    if (isDatabaseUnavailable(err)) {
      logOutage(ctx.deps.logger, err);
    } else if (err.code === 'internal') {
      const cause = err.cause instanceof Error ? err.cause : undefined;
      ctx.deps.logger.error('tool_failed', { error: cause?.message, stack: cause?.stack });
    }
    return errorResult(err);
  } finally {
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    // Sizes and outcome only: tool payloads are never logged.
    ctx.deps.logger.info('tool_call', {
      outcome,
      duration_ms: durationMs,
      arg_bytes: JSON.stringify(rawArgs ?? {}).length,
    });
    // Both transports: the ledger records usage, unlike the HTTP-only counter. It never throws or waits.
    ctx.deps.usage.record({ userId: ctx.caller.userId, tool: name, outcome, durationMs });
  }
}
