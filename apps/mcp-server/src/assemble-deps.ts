// Builds the full set of server parts from the few that differ between a real process and a test.
import { createRunHandlers, createRunQueue, hybridRetriever, type MemoryIndexer, type Retriever } from '@svc/core';
import type { Database } from '@svc/db';
import type { Logger, Metrics } from '@svc/observability';
import type { BuildInfo } from './build-info';
import type { ServerDeps } from './deps';
import type { HandlerTable } from './mcp/call-tool';
import { TOOL_HANDLERS } from './mcp/tools';
import { createOAuthRuntime, type OAuthRuntime } from './oauth/runtime';
import type { ServerSettings } from './settings';
import { createUsageLedger } from './usage/usage-ledger';

export interface DepParts {
  database: Database;
  logger: Logger;
  metrics: Metrics;
  build: BuildInfo;
  publicUrl: string;
  settings: ServerSettings;
  tools?: HandlerTable;
  retriever?: Retriever;
  indexer?: MemoryIndexer | null;
  oauth?: OAuthRuntime;
}

export function assembleDeps(parts: DepParts): ServerDeps {
  const { database, logger } = parts;
  // Without a configured ranker, the production one on its lexical side (no embedder).
  const retriever = parts.retriever ?? hybridRetriever({ embedder: null, logger });
  const indexer = parts.indexer ?? null;
  return {
    ...parts,
    retriever,
    indexer,
    tools: parts.tools ?? TOOL_HANDLERS,
    usage: createUsageLedger({ database, logger }),
    oauth: parts.oauth ?? createOAuthRuntime(database),
    runs: createRunQueue({ database, logger, handlers: createRunHandlers({ database, logger, retriever, indexer }) }),
  };
}
