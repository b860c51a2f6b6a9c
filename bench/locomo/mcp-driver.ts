// The benchmark through the real MCP tools (`remember`, `recall`, `search_memories`) and the official SDK client.
import type { Embedder } from '@svc/embeddings';
import type { Logger } from '@svc/observability';
import { startInProcessSvc } from '../shared/in-process-svc';
import { callTool, startSvc } from '../shared/svc-client';
import { turnContent, type Conversation } from './data';
import type { AskOptions, MemoryDriver } from './driver';

interface Stored {
  memory: { id: string };
}
interface Recalled {
  results: Array<{ memory: { id: string } }>;
}
interface Searched {
  memories: Array<{ memory: { id: string } }>;
}

const projectName = (conversationId: string) => `locomo ${conversationId}`;

/** Tools the benchmark needs; without them it cannot run through MCP. */
export const REQUIRED_TOOLS = ['remember', 'recall'];

/**
 * `svc stdio` as a child process, or, with `inProcess`, the same tool handlers in process over an
 * in-memory transport, sharing the bench's embedder (no second model in memory).
 */
export async function openMcpDriver(
  conversations: readonly Conversation[],
  inProcess?: { embedder: Embedder; logger: Logger },
): Promise<MemoryDriver> {
  const names = conversations.map((c) => projectName(c.id));
  const svc = inProcess
    ? await startInProcessSvc(names, inProcess.embedder, inProcess.logger)
    : await startSvc(names, { EMBEDDINGS_PROVIDER: 'use' });
  const missing = REQUIRED_TOOLS.filter((t) => !svc.tools.includes(t));
  if (missing.length > 0) {
    await svc.close();
    throw new Error(`svc tools/list lacks ${missing.join(', ')}: run with --driver direct`);
  }
  const turnOf = new Map<string, Map<string, string>>();
  const scopeOf = (conversationId: string) =>
    `project:${svc.projects.get(projectName(conversationId))}`;

  return {
    name: inProcess ? 'mcp-inprocess' : 'mcp',
    async load(conversation) {
      const turns = new Map<string, string>();
      for (const t of conversation.turns) {
        const stored = await callTool<Stored>(svc.client, 'remember', {
          content: turnContent(t),
          kind: 'event',
          scope: scopeOf(conversation.id),
          event_at: t.sessionAt.toISOString(),
          source: { conversation_id: `${conversation.id}/session_${t.session}` },
          metadata: { dia_id: t.diaId, speaker: t.speaker },
          on_duplicate: 'store_anyway',
        });
        turns.set(stored.memory.id, t.diaId);
      }
      turnOf.set(conversation.id, turns);
    },
    async ask(conversationId: string, question: string, options: AskOptions) {
      const turns = turnOf.get(conversationId);
      if (!turns) throw new Error(`conversation ${conversationId} is not loaded`);
      let ids: string[];
      if (options.mode === 'hybrid') {
        const out = await callTool<Recalled>(svc.client, 'recall', {
          query: question,
          k: options.k,
          scope: scopeOf(conversationId),
        });
        ids = out.results.map((r) => r.memory.id);
      } else if (options.mode === 'semantic') {
        const out = await callTool<Searched>(svc.client, 'search_memories', {
          query: question,
          mode: 'semantic',
          limit: options.k,
          scope: scopeOf(conversationId),
        });
        ids = out.memories.map((m) => m.memory.id);
      } else {
        throw new Error(
          `the MCP driver cannot ask in ${options.mode} mode (ablations need --driver direct)`,
        );
      }
      return ids.flatMap((id) => turns.get(id) ?? []);
    },
    close: () => svc.close(),
  };
}
