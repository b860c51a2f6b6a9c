// remember and recall for the latency run: direct core operations, or the MCP tools of `svc stdio`.
import { hybridIndexer, hybridRetriever, recall, remember, type MemoryDeps } from '@svc/core';
import { TOOLS } from '@svc/contract';
import { readFile } from 'node:fs/promises';
import type { Database, UserContext } from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import type { Logger } from '@svc/observability';
import { connectInProcess } from '../shared/in-process-svc';
import { callTool, connectSvc, type StoreLocation, type SvcConnection } from '../shared/svc-client';

export interface LatencyDriver {
  readonly name: string;
  remember(content: string): Promise<void>;
  recall(query: string): Promise<void>;
  /** Resident and peak memory of the serving process in MB; null when the bench process serves. */
  memory(): Promise<{ rssMb: number; peakMb: number } | null>;
  close(): Promise<void>;
}

/** VmRSS and VmHWM of a process, from /proc (Linux). */
async function processMemory(pid: number | null | undefined): Promise<{ rssMb: number; peakMb: number } | null> {
  if (!pid) return null;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

export interface Target {
  database: Database;
  actor: UserContext;
  projectId: string;
}

/** The operations the tool handlers wrap, with hybrid retrieval plugged in as the server will. */
export function directDriver(target: Target, embedder: Embedder, logger: Logger): LatencyDriver {
  const parts = { embedder, logger };
  const deps: MemoryDeps = {
    database: target.database,
    retriever: hybridRetriever(parts),
    indexer: hybridIndexer(parts),
    logger,
  };
  const actor = { userId: target.actor.userId, aal: target.actor.aal ?? 'aal2' };
  const scope = `project:${target.projectId}`;
  return {
    name: 'direct',
    async remember(content) {
      await remember(
        deps,
        actor,
        TOOLS.remember.input.parse({ content, scope, on_duplicate: 'store_anyway' }),
      );
    },
    async recall(query) {
      await recall(deps, actor, TOOLS.recall.input.parse({ query, k: 10, scope }));
    },
    memory: () => Promise.resolve(null),
    close: () => Promise.resolve(),
  };
}

function toolDriver(name: string, svc: SvcConnection, projectId: string): LatencyDriver {
  const scope = `project:${projectId}`;
  return {
    name,
    async remember(content) {
      await callTool(svc.client, 'remember', { content, scope, on_duplicate: 'store_anyway' });
    },
    async recall(query) {
      await callTool(svc.client, 'recall', { query, k: 10, scope });
    },
    memory: () => processMemory(svc.pid),
    close: () => svc.close(),
  };
}

/** Through the tools of `svc stdio`, which opens the database itself (close the bench's embedded handle first). */
export async function mcpDriver(
  location: StoreLocation,
  projectId: string,
  env: Record<string, string> = {},
): Promise<LatencyDriver> {
  return toolDriver('mcp', await connectSvc(location, { EMBEDDINGS_PROVIDER: 'use', ...env }), projectId);
}

/** Through the same tool handlers in process, wired with hybrid retrieval, on the bench's database. */
export async function mcpInProcessDriver(
  target: Target,
  email: string,
  embedder: Embedder,
  logger: Logger,
) {
  const user = { id: target.actor.userId, email };
  return toolDriver(
    'mcp-inprocess',
    await connectInProcess(target.database, user, embedder, logger),
    target.projectId,
  );
}
