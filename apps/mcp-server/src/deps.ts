// Everything the server needs from outside, injected so tests can build an app around their own parts.
import type { ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import type { ToolArgs, ToolName, ToolOutput } from '@svc/contract';
import type { MemoryDeps, MemoryIndexer, Retriever, RunQueue, TranslationQueue } from '@svc/core';
import type { Database } from '@svc/db';
import type { JobRuntime } from '@svc/jobs-runtime';
import type { Alarms, Logger, Metrics } from '@svc/observability';
import type { BuildInfo } from './build-info';
import type { Caller } from './auth/caller';
import type { Notify } from './mcp/session-log';
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
  /** Request-started background work (hygiene scans, benchmarks), handed to the job queue. */
  runs: RunQueue;
  /** Where memories written in another language go to be translated; null without a language model. */
  translation: TranslationQueue | null;
  /** Where a just-saved memory goes to be checked for contradictions with its neighbours. */
  checks: MemoryDeps['checks'];
  /** The job queue: worked in this process on the embedded default, only sent to in server mode. */
  jobs: JobRuntime;
  /** The one way to raise an alarm (log record, counter, webhook). */
  alarms: Alarms;
  /** The authorization server's keys and agent-session opener (the provider itself is built per app). */
  oauth: OAuthRuntime;
}

/*
 * The tool handler types live here rather than in mcp/: the dependencies hold the handler table
 * and every handler is handed the dependencies, so the two are one concern and one module (apart,
 * they formed the import cycle deps → call-tool → tool-handler → deps).
 */

export interface ToolContext {
  caller: Caller;
  deps: ServerDeps;
  transport: 'http' | 'stdio';
  /** notifications/message to this caller's session, at or above the level it set. */
  notify?: Notify;
  /** Aborted when the session closes, so work it started for the session (run watches) stops. */
  closed?: AbortSignal;
  /** The call's `thread` was supplied by its transport session, not passed by the caller (session-threads). */
  threadFromTransport?: boolean;
}

export interface ToolHandler<N extends ToolName = ToolName> {
  name: N;
  run(args: ToolArgs<N>, ctx: ToolContext): Promise<ToolOutput<N>>;
  /** Resource links appended to read results (e.g. one per surfaced memory). */
  links?(output: ToolOutput<N>): ResourceLink[];
  /** The session-state line for remember, recall and build_context. */
  sessionLine?(output: ToolOutput<N>): string | undefined;
}

export type HandlerTable = ReadonlyMap<string, ToolHandler>;
