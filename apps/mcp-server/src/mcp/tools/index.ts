// The handlers of the tools that work end to end; a tool without one is absent from tools/list.
import type { HandlerTable } from '../call-tool';
import { CARD_HANDLERS } from './cards';
import { CONFLICT_HANDLERS } from './conflicts';
import { LIBRARY_HANDLERS } from './library';
import { MEMORY_HANDLERS } from './memory';
import { RUN_HANDLERS } from './runs';

const handlers = [...MEMORY_HANDLERS, ...LIBRARY_HANDLERS, ...CONFLICT_HANDLERS, ...CARD_HANDLERS, ...RUN_HANDLERS];

export const TOOL_HANDLERS: HandlerTable = new Map(handlers.map((h) => [h.name, h]));
