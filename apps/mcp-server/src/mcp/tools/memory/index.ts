// Handlers of the core memory tools: write, recall, brief, retire and restore, standing rules.
import type { ToolHandler } from '../../tool-handler';
import { buildContextHandler } from './build-context';
import { promoteRuleHandler } from './promote-rule';
import { recallHandler } from './recall';
import { rememberHandler } from './remember';
import { closeLoopHandler, forgetHandler, restoreMemoryHandler } from './retire';

export const MEMORY_HANDLERS = [
  rememberHandler,
  recallHandler,
  buildContextHandler,
  forgetHandler,
  closeLoopHandler,
  restoreMemoryHandler,
  promoteRuleHandler,
] as ToolHandler[];
