// The handlers of the tools that work end to end; a tool without one is absent from tools/list.
import type { HandlerTable } from '../call-tool';
import type { ToolHandler } from '../tool-handler';

const handlers: ToolHandler[] = [];

export const TOOL_HANDLERS: HandlerTable = new Map(handlers.map((h) => [h.name, h]));
