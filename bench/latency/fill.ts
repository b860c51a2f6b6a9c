// Bulk loading through the storage path (memory rows with their triggers, then vectors), for the large sizes.
import { storeEmbeddings } from '@svc/core';
import { memories, type Database, type UserContext } from '@svc/db';
import type { SyntheticText } from './synthetic';

/** Rows per statement: large enough to amortise round trips, small enough for PGlite's memory. */
const BATCH = 500;
/** Half the memories come from conversations of this many turns, so neighbour upkeep is exercised. */
const TURNS_PER_CONVERSATION = 20;

export interface FillTarget {
  database: Database;
  actor: UserContext;
  scopeId: string;
  model: string;
  /** Unit vectors of real model output; each memory gets one of them, jittered (see below). */
  pool: readonly Float32Array[];
}

/**
 * Embedding 100k texts with the model would take about 10 minutes on 2 cores and measure the
 * model, not storage (and the filled stores kept in the cache would change): the synthetic memories get pool vectors plus noise, which spreads them
 * over the space the way distinct texts do.
 */
function jittered(base: Float32Array, random: () => number): Float32Array {
  const v = base.map((x) => x + (random() - 0.5) * 0.08);
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

export async function fill(
  target: FillTarget,
  text: SyntheticText,
  random: () => number,
  from: number,
  to: number,
): Promise<void> {
  for (let start = from; start < to; start += BATCH) {
    const end = Math.min(to, start + BATCH);
    const rows = Array.from({ length: end - start }, (_, j) => {
      const i = start + j;
      const inConversation = Math.floor(i / TURNS_PER_CONVERSATION) % 2 === 0;
      return {
        ownerId: target.actor.userId,
        scopeId: target.scopeId,
        content: text.sentence(),
        kind: 'note' as const,
        source: inConversation
          ? { conversationId: `synthetic-${Math.floor(i / TURNS_PER_CONVERSATION)}` }
          : {},
      };
    });
    await target.database.asUser(target.actor, async (tx) => {
      const ids = await tx.insert(memories).values(rows).returning({ id: memories.id });
      const vectors = ids.map(({ id }) => ({
        memoryId: id,
        vector: jittered(target.pool[Math.floor(random() * target.pool.length)]!, random),
      }));
      await storeEmbeddings(tx, target.model, vectors);
    });
  }
}
