// The benchmark through the real MCP tools (`remember`, `recall`, `search_memories`) and the official SDK client.
import type { Embedder } from '@svc/embeddings';
import type { Logger } from '@svc/observability';
import { startInProcessSvc } from '../shared/in-process-svc';
import { callTool, startSvc } from '../shared/svc-client';
import { plainContent, turnContent, type Conversation } from './data';
import type { AskOptions, MemoryDriver } from './driver';

interface Stored {
  memory: { id: string };
  session?: { thread?: string };
}
interface Recalled {
  results: Array<{ memory: { id: string } }>;
}
interface Searched {
  memories: Array<{ memory: { id: string } }>;
}

/**
 * structured: metadata an agent rarely gives (`speaker`, `event_at`, `conversation_id`, `dia_id`);
 * plain: what an agent writes, `On 8 May 2023, Caroline said: …` as the content alone, echoing the
 * thread the first result hands out, as the contract asks of agents.
 */
export type InputPath = 'structured' | 'plain';

const projectName = (conversationId: string, path: InputPath = 'structured') =>
  path === 'plain' ? `locomo plain ${conversationId}` : `locomo ${conversationId}`;

/** Tools the benchmark needs; without them it cannot run through MCP. */
export const REQUIRED_TOOLS = ['remember', 'recall'];

/**
 * `svc stdio` as a child process, or, with `inProcess`, the same tool handlers in process over an
 * in-memory transport, sharing the bench's embedder (no second model in memory).
 */
export async function openMcpDriver(
  conversations: readonly Conversation[],
  inProcess?: { embedder: Embedder; logger: Logger },
  path: InputPath = 'structured',
): Promise<MemoryDriver> {
  const names = conversations.map((c) => projectName(c.id, path));
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
    `project:${svc.projects.get(projectName(conversationId, path))}`;

  return {
    name: `${inProcess ? 'mcp-inprocess' : 'mcp'}${path === 'plain' ? ' plain' : ''}`,
    async load(conversation) {
      const turns = new Map<string, string>();
      let thread: string | undefined;
      for (const t of conversation.turns) {
        const args =
          path === 'plain'
            ? { content: plainContent(t), ...(thread && { thread }) }
            : {
                content: turnContent(t),
                kind: 'event',
                event_at: t.sessionAt.toISOString(),
                source: { conversation_id: `${conversation.id}/session_${t.session}` },
                metadata: { dia_id: t.diaId, speaker: t.speaker },
              };
        const stored = await callTool<Stored>(svc.client, 'remember', {
          ...args,
          scope: scopeOf(conversation.id),
          on_duplicate: 'store_anyway',
        });
        thread = stored.session?.thread ?? thread;
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
