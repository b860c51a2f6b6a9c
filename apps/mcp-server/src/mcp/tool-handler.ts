// What a tool handler is: the contract's definition plus the function that does the work.
import type { ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import type { ToolArgs, ToolName, ToolOutput } from '@svc/contract';
import type { Caller } from '../auth/caller';
import type { ServerDeps } from '../deps';

export interface ToolContext {
  caller: Caller;
  deps: ServerDeps;
  transport: 'http' | 'stdio';
}

export interface ToolHandler<N extends ToolName = ToolName> {
  name: N;
  run(args: ToolArgs<N>, ctx: ToolContext): Promise<ToolOutput<N>>;
  /** Resource links appended to read results (e.g. one per surfaced memory). */
  links?(output: ToolOutput<N>): ResourceLink[];
  /** The session-state line for remember, recall and build_context. */
  sessionLine?(output: ToolOutput<N>): string | undefined;
}

/** Keeps the literal tool name so `run` is checked against that tool's own schemas. */
export function defineHandler<N extends ToolName>(handler: ToolHandler<N>): ToolHandler<N> {
  return handler;
}
