// The benchmark through direct core calls on an embedded database (the path the tools wrap).
import { hybridSearch, indexMemories, resolveTuning, type RetrievalDeps } from '@svc/core';
import {
  createProject,
  createUser,
  memories,
  openDatabase,
  type Database,
  type UserContext,
} from '@svc/db';
import type { Embedder } from '@svc/embeddings';
import type { Logger } from '@svc/observability';
import { turnContent, type Conversation } from './data';
import type { AskOptions, MemoryDriver } from './driver';
import { ftsRank, tsRank } from './postgres-rankers';

interface Loaded {
  scopeId: string;
  turnOf: Map<string, string>;
}

export async function openDirectDriver(
  embedder: Embedder | null,
  logger: Logger,
): Promise<MemoryDriver> {
  const database: Database = await openDatabase({ dataDir: 'memory://' });
  const { user } = await createUser(database.db, 'locomo@bench.test', 'LoCoMo bench');
  const actor: UserContext = { userId: user.id, aal: 'aal2' };
  const loaded = new Map<string, Loaded>();
  // Each question is embedded once, whatever the number of ablation variants asking it.
  const queryVectors = new Map<string, Float32Array>();

  async function queryVector(text: string): Promise<Float32Array | null> {
    if (!embedder) return null;
    let vector = queryVectors.get(text);
    if (!vector) {
      [vector] = await embedder.embed([text], 'query');
      if (vector) queryVectors.set(text, vector);
    }
    return vector ?? null;
  }

  return {
    name: 'direct',
    async load(conversation: Conversation) {
      const { scopeId } = await createProject(database.db, {
        ownerId: user.id,
        name: `locomo ${conversation.id}`,
      });
      const turnOf = new Map<string, string>();
      const sessions = [...new Set(conversation.turns.map((t) => t.session))];
      for (const session of sessions) {
        const turns = conversation.turns.filter((t) => t.session === session);
        // One statement per session, in order: the search-document trigger keeps insertion order.
        const rows = await database.asUser(actor, (tx) =>
          tx
            .insert(memories)
            .values(
              turns.map((t) => ({
                ownerId: user.id,
                scopeId,
                content: turnContent(t),
                kind: 'event' as const,
                eventAt: t.sessionAt,
                source: { conversationId: `${conversation.id}/session_${session}` },
                metadata: { dia_id: t.diaId, speaker: t.speaker },
              })),
            )
            .returning({ id: memories.id }),
        );
        rows.forEach((row, i) => turnOf.set(row.id, turns[i]!.diaId));
      }
      await indexMemories({ database, user: actor }, embedder, [...turnOf.keys()], logger);
      loaded.set(conversation.id, { scopeId, turnOf });
    },
    async ask(conversationId: string, question: string, options: AskOptions) {
      const target = loaded.get(conversationId);
      if (!target) throw new Error(`conversation ${conversationId} is not loaded`);
      const toTurns = (ids: string[]) => ids.flatMap((id) => target.turnOf.get(id) ?? []);
      const mode = options.mode;
      if (mode === 'fts') {
        const hits = await database.asUser(actor, (tx) =>
          ftsRank(tx, question, target.scopeId, options.k),
        );
        return toTurns(hits.map((h) => h.memoryId));
      }
      if (mode === 'ts_rank') {
        return toTurns(
          await database.asUser(actor, (tx) => tsRank(tx, question, target.scopeId, options.k)),
        );
      }
      const deps: RetrievalDeps = { embedder, logger, tuning: resolveTuning(options.tuning) };
      const vector = mode === 'keyword' ? null : await queryVector(question);
      const results = await database.asUser(actor, (tx) =>
        hybridSearch(
          tx,
          { query: question, k: options.k, scopeIds: [target.scopeId], mode, queryVector: vector },
          deps,
        ),
      );
      return toTurns(results.map((r) => r.memoryId));
    },
    close: () => database.close(),
  };
}
