// The notifications/message a tool call gives rise to: a refused write and why, a started run's outcome.
import type { RunView } from '@svc/contract';
import type { ServiceError } from '@svc/errors';
import type { ToolContext } from '../deps';
import { isDatabaseUnavailable } from '../failure';
import { RUN_TOOLS, watchRun } from './run-watch';

/**
 * Only what an agent can act on: the refusal's code, its refusal id and message (the message says
 * what to send instead and never echoes the content). A read that fails is answered in its result.
 */
export function noticeRefusal(ctx: ToolContext, tool: string, readOnly: boolean, err: ServiceError): void {
  if (!ctx.notify || readOnly || err.code === 'internal' || isDatabaseUnavailable(err)) return;
  const refusal = typeof err.details?.refusal === 'string' ? err.details.refusal : undefined;
  ctx.notify('warning', { event: 'write_refused', tool, code: err.code, ...(refusal && { refusal }), message: err.message });
}

/** Over stdio the session outlives the call, so the run's end can be told when it comes. */
export function noticeRun(ctx: ToolContext, tool: string, output: Record<string, unknown>): void {
  if (!ctx.notify || !ctx.closed || ctx.transport !== 'stdio' || !RUN_TOOLS.has(tool)) return;
  const run = output.run as RunView | undefined;
  if (run) watchRun(ctx.deps.tools, tool, run, ctx, ctx.notify, ctx.closed);
}
