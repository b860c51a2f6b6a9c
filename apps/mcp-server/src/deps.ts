// Everything the server needs from outside, injected so tests can build an app around their own parts.
import type { MemoryIndexer, Retriever, RunQueue } from '@svc/core';
import type { Database } from '@svc/db';
import type { Logger, Metrics } from '@svc/observability';
import type { BuildInfo } from './build-info';
import type { HandlerTable } from './mcp/call-tool';
import type { OAuthRuntime } from './oauth/runtime';
import type { ServerSettings } from './settings';
import type { UsageLedger } from './usage/usage-ledger';

export interface ServerDeps {
  database: Database;
  logger: Logger;
  metrics: Metrics;
  build: BuildInfo;
  publicUrl: string;
  retriever: Retriever;
  indexer: MemoryIndexer | null;
  settings: ServerSettings;
  /** The tool handlers served; injected so tests can run the pipeline with handlers of their own. */
  tools: HandlerTable;
  usage: UsageLedger;
  /** Request-started background work (hygiene scans, benchmarks), one run at a time. */
  runs: RunQueue;
  /** The authorization server's keys and agent-session opener (the provider itself is built per app). */
  oauth: OAuthRuntime;
}
