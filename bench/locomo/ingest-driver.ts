// LoCoMo through ingest_conversation: each session sent as one plain `Speaker: text` transcript chunk, extracted offline on the queue.
import type { Embedder } from '@svc/embeddings';
import type { Logger } from '@svc/observability';
import { startInProcessSvc } from '../shared/in-process-svc';
import { callTool } from '../shared/svc-client';
import type { Conversation, Turn } from './data';
import type { AskOptions, MemoryDriver } from './driver';

interface Ingested {
  extraction: { run: { status: string; error: string | null }; result: { memories_created: number; duplicates: number } | null };
}
interface Recalled {
  results: Array<{ memory: { source: { conversation_id: string | null } | null; metadata: { turn?: number } } }>;
}

const projectName = (conversationId: string) => `locomo ingest ${conversationId}`;
const sessionKey = (conversationId: string, session: number) => `${conversationId}/session_${session}`;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The session date written as LoCoMo writes it ("1:56 pm on 8 May, 2023"), for the extractor to read. */
function written(at: Date): string {
  const h = at.getUTCHours();
  const time = `${h % 12 || 12}:${String(at.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
  return `${time} on ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]}, ${at.getUTCFullYear()}`;
}

/** Turns without text (an image alone) are left out, here and in the turn map alike. */
const spoken = (turns: readonly Turn[]) => turns.filter((t) => t.text.trim() !== '');

/** What a person's chat log looks like: the session's date, then one `Speaker: text` line per turn. */
export function sessionTranscript(turns: readonly Turn[]): string {
  const lines = spoken(turns).map((t) => `${t.speaker}: ${t.text.replace(/\s*\n\s*/g, ' ')}`);
  return `Date: ${written(turns[0]!.sessionAt)}\n${lines.join('\n')}\n`;
}

/** How many memories the turns became, for the report. */
export interface IngestStats {
  sessions: number;
  memories: number;
  duplicates: number;
}

export async function openIngestDriver(
  conversations: readonly Conversation[],
  parts: { embedder: Embedder; logger: Logger },
): Promise<MemoryDriver & { stats: IngestStats }> {
  const svc = await startInProcessSvc(conversations.map((c) => projectName(c.id)), parts.embedder, parts.logger, { workQueue: true });
  const scopeOf = (id: string) => `project:${svc.projects.get(projectName(id))}`;
  // (session key, turn index in the chunk) → dia id: the memory's provenance names both.
  const diaOf = new Map<string, string[]>();
  const stats: IngestStats = { sessions: 0, memories: 0, duplicates: 0 };

  async function send(conversation: Conversation, session: number, turns: Turn[]): Promise<Ingested> {
    return callTool<Ingested>(svc.client, 'ingest_conversation', {
      transcript_chunk: sessionTranscript(turns),
      run_id: 'locomo-bench',
      session_key: sessionKey(conversation.id, session),
      sequence: 0,
      final: true,
      scope: scopeOf(conversation.id),
    });
  }

  return {
    name: 'ingest',
    stats,
    async load(conversation) {
      const sessions = new Map<number, Turn[]>();
      for (const t of conversation.turns) sessions.set(t.session, [...(sessions.get(t.session) ?? []), t]);
      for (const [session, turns] of sessions) {
        diaOf.set(sessionKey(conversation.id, session), spoken(turns).map((t) => t.diaId));
        await send(conversation, session, turns);
      }
      // A resend of a stored chunk reports its run: wait until every session's extraction is done.
      for (const [session, turns] of sessions) {
        for (;;) {
          const { extraction } = await send(conversation, session, turns);
          if (extraction.run.status === 'failed') throw new Error(`extraction failed: ${extraction.run.error}`);
          if (extraction.result) {
            stats.sessions++;
            stats.memories += extraction.result.memories_created;
            stats.duplicates += extraction.result.duplicates;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    async ask(conversationId: string, question: string, options: AskOptions) {
      if (options.mode !== 'hybrid') throw new Error('the ingest driver asks through recall only');
      const out = await callTool<Recalled>(svc.client, 'recall', { query: question, k: options.k, scope: scopeOf(conversationId) });
      return out.results.flatMap((r) => {
        const turns = diaOf.get(r.memory.source?.conversation_id ?? '');
        const dia = turns?.[r.memory.metadata.turn ?? -1];
        return dia ? [dia] : [];
      });
    },
    close: () => svc.close(),
  };
}
