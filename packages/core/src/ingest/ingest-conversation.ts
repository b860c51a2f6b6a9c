// ingest_conversation: store one transcript chunk once per (session_key, sequence), linking recalled memories.
import { and, eq, inArray } from 'drizzle-orm';
import type { ToolArgs, ToolOutput } from '@svc/contract';
import { memories, transcriptChunks, type Tx } from '@svc/db';
import type { Actor } from '../actor';
import type { MemoryDeps } from '../memory/deps';
import { loadThreadSession } from '../sessions/thread-sessions';
import { resolveWriteTarget } from '../targets/resolve-target';

type Args = ToolArgs<'ingest_conversation'>;

/** Only ids the caller can see are linked: a chunk never points into another person's memories. */
async function visibleIds(tx: Tx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: memories.id }).from(memories).where(inArray(memories.id, [...new Set(ids)]));
  return rows.map((r) => r.id);
}

/**
 * A transcript is an archive, so unlike remember it is never refused for lack of a target: with no
 * scope, hint or attached project it is kept with the caller alone.
 */
async function projectFor(tx: Tx, actor: Actor, args: Args): Promise<string | null> {
  const session = await loadThreadSession(tx, actor.userId, args.thread);
  if (args.scope === undefined && args.project_hint === undefined && !session.project) return null;
  const target = await resolveWriteTarget(tx, actor.userId, args, session.project);
  return target.project?.id ?? null;
}

export async function ingestConversation(
  deps: MemoryDeps,
  actor: Actor,
  args: Args,
): Promise<ToolOutput<'ingest_conversation'>> {
  return deps.database.asUser(actor, async (tx) => {
    const projectId = await projectFor(tx, actor, args);
    const [inserted] = await tx
      .insert(transcriptChunks)
      .values({
        ownerId: actor.userId,
        projectId,
        runId: args.run_id,
        sessionKey: args.session_key,
        sequence: args.sequence,
        content: args.transcript_chunk,
        recalledIds: await visibleIds(tx, args.recalled_ids),
      })
      .onConflictDoNothing()
      .returning({ id: transcriptChunks.id });
    const chunkId =
      inserted?.id ??
      (
        await tx
          .select({ id: transcriptChunks.id })
          .from(transcriptChunks)
          .where(
            and(
              eq(transcriptChunks.ownerId, actor.userId),
              eq(transcriptChunks.sessionKey, args.session_key),
              eq(transcriptChunks.sequence, args.sequence),
            ),
          )
      )[0]?.id;
    // Extraction by a language model is not configured in this release: nothing is queued.
    return { chunk_id: chunkId!, accepted: inserted !== undefined, queued: false, run_id: args.run_id, sequence: args.sequence };
  });
}
