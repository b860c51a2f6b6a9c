// Handlers of the conflict tools: list_conflicts and resolve_conflicts.
import type { ToolHandler } from '../../tool-handler';
import { listConflictsHandler } from './list-conflicts';
import { resolveConflictsHandler } from './resolve-conflicts';

export const CONFLICT_HANDLERS = [listConflictsHandler, resolveConflictsHandler] as ToolHandler[];
