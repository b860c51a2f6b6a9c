// The registry of every tool the contract names, keyed by the closed union of tool names.
import type { z } from 'zod';
import type { ToolDefinition } from '../shared/tool';
import { benchmarkMemoryTool } from './benchmark-memory';
import { boardTool } from './board';
import { buildContextTool } from './build-context';
import { cardTool } from './card';
import { cardLogTool } from './card-log';
import { closeLoopTool } from './close-loop';
import { findSimilarMemoryTool } from './find-similar-memory';
import { forgetTool } from './forget';
import { importMemoryTool } from './import-memory';
import { ingestConversationTool } from './ingest-conversation';
import { linkTool } from './link';
import { listConflictsTool } from './list-conflicts';
import { memoryVersionHistoryTool } from './memory-version-history';
import { moveMemoriesTool } from './move-memories';
import { promoteLoopTool } from './promote-loop';
import { promoteRuleTool } from './promote-rule';
import { recallTool } from './recall';
import { rememberTool } from './remember';
import { resolveConflictsTool } from './resolve-conflicts';
import { restoreMemoryTool } from './restore-memory';
import { scanHygieneTool } from './scan-hygiene';
import { searchMemoriesTool } from './search-memories';

export const TOOL_NAMES = [
  'remember',
  'recall',
  'build_context',
  'ingest_conversation',
  'card',
  'board',
  'card_log',
  'link',
  'promote_loop',
  'promote_rule',
  'forget',
  'close_loop',
  'move_memories',
  'import_memory',
  'restore_memory',
  'list_conflicts',
  'resolve_conflicts',
  'search_memories',
  'find_similar_memory',
  'memory_version_history',
  'scan_hygiene',
  'benchmark_memory',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** Withdrawn in 6.0.0; a call to one is answered as an unknown tool, so it is never registered. */
export const WITHDRAWN_TOOLS = ['delete_account'] as const;
export type WithdrawnToolName = (typeof WITHDRAWN_TOOLS)[number];

/** Every key must be a tool name and each entry must carry its own key as `name`. */
export const TOOLS = {
  remember: rememberTool,
  recall: recallTool,
  build_context: buildContextTool,
  ingest_conversation: ingestConversationTool,
  card: cardTool,
  board: boardTool,
  card_log: cardLogTool,
  link: linkTool,
  promote_loop: promoteLoopTool,
  promote_rule: promoteRuleTool,
  forget: forgetTool,
  close_loop: closeLoopTool,
  move_memories: moveMemoriesTool,
  import_memory: importMemoryTool,
  restore_memory: restoreMemoryTool,
  list_conflicts: listConflictsTool,
  resolve_conflicts: resolveConflictsTool,
  search_memories: searchMemoriesTool,
  find_similar_memory: findSimilarMemoryTool,
  memory_version_history: memoryVersionHistoryTool,
  scan_hygiene: scanHygieneTool,
  benchmark_memory: benchmarkMemoryTool,
} as const satisfies { readonly [N in ToolName]: ToolDefinition<N> };

export type Tools = typeof TOOLS;
/** What a caller sends (before defaults); what a handler receives is `ToolArgs`. */
export type ToolInput<N extends ToolName> = z.input<Tools[N]['input']>;
export type ToolArgs<N extends ToolName> = z.output<Tools[N]['input']>;
export type ToolOutput<N extends ToolName> = z.output<Tools[N]['output']>;

export function isToolName(value: unknown): value is ToolName {
  return typeof value === 'string' && (TOOL_NAMES as readonly string[]).includes(value);
}

export function isWithdrawnTool(value: unknown): value is WithdrawnToolName {
  return typeof value === 'string' && (WITHDRAWN_TOOLS as readonly string[]).includes(value);
}
