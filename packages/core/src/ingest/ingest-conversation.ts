// ingest_conversation: store one transcript chunk once per (session_key, sequence) and queue its extraction into memories.
import { and, eq, inArray } from 'drizzle-orm';
import type { ToolArgs, ToolOutput } from '@svc/contract';
import { currentRequestId } from '@svc/observability';
import { memories, transcriptChunks, type Tx } from '@svc/db';
import type { Actor } from '../actor';
import { startExtraction, type ExtractionResult } from '../extraction/extraction-run';
import type { MemoryDeps } from '../memory/deps';
import type { RunQueue } from '../runs/run-queue';
import { toRunView } from '../runs/run-store';
import { loadThreadSession } from '../sessions/thread-sessions';
import { personalTarget, resolveWriteTarget } from '../targets/resolve-target';

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
async function targetFor(tx: Tx, actor: Actor, args: Args): Promise<{ projectId: string | null; scopeId: string }> {
  const session = await loadThreadSession(tx, actor.userId, args.thread);
  if (args.scope === undefined && args.project_hint === undefined && !session.project) {
    return { projectId: null, scopeId: (await personalTarget(tx, actor.userId)).scopeId };
  }
  const target = await resolveWriteTarget(tx, actor.userId, args, session.project);
  return { projectId: target.project?.id ?? null, scopeId: target.scopeId };
}

async function storeChunk(deps: MemoryDeps, actor: Actor, args: Args) {
  return deps.database.asUser(actor, async (tx) => {
    const { projectId, scopeId } = await targetFor(tx, actor, args);
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
    return { chunkId: chunkId!, accepted: inserted !== undefined, scopeId };
  });
}

/**
 * The chunk is stored first and its extraction queued after, so a crash in between leaves a chunk
 * without a run, which its resend starts; a resend of an extracted chunk reports that run instead.
 */
export async function ingestConversation(
  deps: MemoryDeps,
  queue: RunQueue,
  actor: Actor,
  args: Args,
): Promise<ToolOutput<'ingest_conversation'>> {
  const chunk = await storeChunk(deps, actor, args);
  const params = { chunkId: chunk.chunkId, scopeId: chunk.scopeId, ...(args.source?.agent && { agent: args.source.agent }), ...(args.source?.client && { client: args.source.client }) };
  const { row, started } = await startExtraction(deps, queue, actor.userId, params, currentRequestId());
  const result = row.status === 'succeeded' ? (row.result as unknown as ExtractionResult) : null;
  return {
    chunk_id: chunk.chunkId,
    accepted: chunk.accepted,
    queued: row.status === 'queued' || row.status === 'running',
    run_id: args.run_id,
    sequence: args.sequence,
    extraction: { run: toRunView(row, started), result },
  };
}
