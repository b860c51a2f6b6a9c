// Handlers of the tools whose work continues in the background: ingest, hygiene scans, benchmarks.
import type { ToolHandler } from '../../tool-handler';
import { benchmarkMemoryHandler, scanHygieneHandler } from './background-runs';
import { ingestConversationHandler } from './ingest-conversation';

export const RUN_HANDLERS = [ingestConversationHandler, scanHygieneHandler, benchmarkMemoryHandler] as ToolHandler[];
