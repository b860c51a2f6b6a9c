// The real tool handlers behind an in-memory MCP transport, with the retrieval parts the server
// assembles (hybridRetriever, hybridIndexer, reembedMissing at start) but no child process.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { hybridIndexer, hybridRetriever, reembedMissing } from '@svc/core';
import { createProject, createUser, openDatabase, type Database } from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import { createMetrics, type Logger } from '@svc/observability';
import { assembleDeps } from '../../apps/mcp-server/src/assemble-deps';
import { readBuildInfo } from '../../apps/mcp-server/src/build-info';
import { parseEnv } from '../../apps/mcp-server/src/env';
import { settingsFromEnv } from '../../apps/mcp-server/src/settings';
import { buildMcpServer } from '../../apps/mcp-server/src/mcp/build-server';
import type { SvcConnection } from './svc-client';

export interface InProcessSvc extends SvcConnection {
  projects: Map<string, string>;
}

/** Serves `user` on an open database; closing the connection leaves the database open. */
export async function connectInProcess(
  database: Database,
  user: { id: string; email: string },
  embedder: Embedder,
  logger: Logger,
  opts: { workQueue?: boolean } = {},
): Promise<SvcConnection> {
  // What the server does on start: the model's HNSW index, and vectors for anything lacking one.
  await reembedMissing(database, embedder, logger);
  const parts = { embedder, logger };
  const deps = assembleDeps({
    database,
    logger,
    metrics: createMetrics(),
    build: readBuildInfo({ commit: 'dev' }),
    publicUrl: 'http://127.0.0.1:0',
    settings: {
      ...settingsFromEnv(parseEnv({})),
      metricsEnabled: false,
      rateLimit: { toolCallsPerMinute: 1_000_000, burst: 1_000_000 },
    },
    retriever: hybridRetriever(parts),
    indexer: hybridIndexer(parts),
  });
  const caller = {
    userId: user.id,
    email: user.email,
    aal: 'aal2' as const,
    via: 'local' as const,
  };
  // Request-started runs (ingest_conversation's extraction) need the queue worked, as `svc serve` does.
  if (opts.workQueue) await deps.jobs.start();
  const server = buildMcpServer({ caller, deps, transport: 'stdio' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'svc-bench', version: '0.0.0' });
  await client.connect(clientSide);
  const tools = (await client.listTools()).tools.map((t) => t.name);
  return {
    client,
    tools,
    async close() {
      await client.close();
      await server.close();
      // A remember's saved-memory check starts the queue even when not asked to work it here.
      await deps.jobs.stop();
      await deps.usage.flush();
    },
  };
}

export async function startInProcessSvc(
  projectNames: readonly string[],
  embedder: Embedder,
  logger: Logger,
  opts: { workQueue?: boolean } = {},
): Promise<InProcessSvc> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const { user } = await createUser(database.db, 'bench@bench.test', 'bench');
  const projects = new Map<string, string>();
  for (const name of projectNames) {
    projects.set(name, (await createProject(database.db, { ownerId: user.id, name })).project.id);
  }
  const connection = await connectInProcess(database, user, embedder, logger, opts);
  return {
    ...connection,
    projects,
    async close() {
      await connection.close();
      await database.close();
    },
  };
}
