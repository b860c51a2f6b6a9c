// What a tool handler is: the contract's definition plus the function that does the work.
import type { ToolHandler } from '../deps';
import type { ToolName } from '@svc/contract';

export type { HandlerTable, ToolContext, ToolHandler } from '../deps';

/** Keeps the literal tool name so `run` is checked against that tool's own schemas. */
export function defineHandler<N extends ToolName>(handler: ToolHandler<N>): ToolHandler<N> {
  return handler;
}
