// Ships what is new in one transcript file: plan the chunks of the unread range, send each, record each answer.
import { stat } from 'node:fs/promises';
import type { ChunkToSend, IngestClient } from '../client/ingest-client';
import type { Logger } from '../log';
import { projectHintOf } from '../sources/project-hint';
import { sessionKeyOf } from '../sources/session-key';
import type { FoundFile } from '../sources/discover';
import { identify, isSameFile } from '../state/identity';
import type { FileState } from '../state/state-store';
import { chunksForRange } from './chunks-for-range';

export interface FilePassContext {
  client: IngestClient;
  runId: string;
  log: Logger;
  /** Persists the whole state atomically; called after every change that must survive a kill. */
  save: () => Promise<void>;
  totals: { sent: number; refused: number };
}

/** A file seen for the first time, or one that was truncated or replaced, is read from its start. */
async function freshOrKnown(
  file: FoundFile,
  known: FileState | undefined,
  log: Logger,
): Promise<FileState> {
  if (known && (await isSameFile(file.path, known.identity, known.plan?.end ?? known.offset))) {
    // Same file, grown: the hash now covers more of its head (up to its limit) and the size is current.
    known.identity = await identify(file.path);
    return known;
  }
  if (known) log.warn('file_replaced', { path: file.path, read_again_from: 0 });
  // Sequences go on past any used, even by a plan cut short, so re-read text never lands on a stored key.
  return {
    kind: file.kind,
    identity: await identify(file.path),
    offset: 0,
    nextSequence: known?.plan
      ? known.plan.firstSequence + known.plan.count
      : (known?.nextSequence ?? 0),
    sent: known?.sent ?? 0,
    refused: known?.refused ?? 0,
    sessionKey: known?.sessionKey,
    projectHint: known?.projectHint,
  };
}

async function sendPlanned(
  file: FoundFile,
  st: FileState,
  ctx: FilePassContext,
  planned?: string[],
): Promise<void> {
  const plan = st.plan!;
  const chunks = planned ?? (await chunksForRange(file.path, st.kind, plan.start, plan.end)).chunks;
  for (let i = plan.acked; i < plan.count; i++) {
    const chunk: ChunkToSend = {
      transcript_chunk: chunks[i]!,
      run_id: ctx.runId,
      session_key: st.sessionKey!,
      sequence: plan.firstSequence + i,
      ...(st.projectHint ? { project_hint: st.projectHint } : {}),
    };
    const outcome = await ctx.client.send(chunk);
    if (outcome.kind === 'refused') {
      // Logged with its reason and given up: a chunk the server judges invalid stays invalid.
      ctx.log.error('chunk_refused', {
        path: file.path,
        session_key: chunk.session_key,
        sequence: chunk.sequence,
        code: outcome.code,
        reason: outcome.reason,
      });
      st.refused++;
      ctx.totals.refused++;
      st.lastError = `sequence ${chunk.sequence} refused: ${outcome.reason}`;
    } else {
      ctx.log.info('chunk_sent', {
        session_key: chunk.session_key,
        sequence: chunk.sequence,
        run_id: ctx.runId,
        chars: chunk.transcript_chunk.length,
        duplicate: outcome.kind === 'duplicate',
      });
      st.sent++;
      ctx.totals.sent++;
    }
    plan.acked = i + 1;
    await ctx.save();
  }
  st.offset = plan.end;
  st.nextSequence = plan.firstSequence + plan.count;
  st.plan = undefined;
  await ctx.save();
}

/** `adopt` stores the file's state under its path before anything is saved. */
export async function passFile(
  file: FoundFile,
  known: FileState | undefined,
  ctx: FilePassContext,
  adopt: (st: FileState) => void,
): Promise<void> {
  const st = await freshOrKnown(file, known, ctx.log);
  adopt(st);
  for (;;) {
    // A plan left by a pass that was killed is finished first, with exactly the chunks it had.
    if (st.plan) await sendPlanned(file, st, ctx);
    const { size } = await stat(file.path);
    if (st.offset >= size) return;
    const next = await chunksForRange(file.path, st.kind, st.offset, size);
    if (next.read.end === st.offset) return; // only a partial line: wait for its newline
    if (st.sessionKey === undefined) {
      st.sessionKey = sessionKeyOf(st.kind, file.path, next.read.meta);
      st.projectHint = await projectHintOf(next.read.meta);
    }
    if (next.redacted > 0)
      ctx.log.info('secrets_redacted', { path: file.path, count: next.redacted });
    if (next.chunks.length === 0) {
      st.offset = next.read.end;
      await ctx.save();
      continue;
    }
    // The plan is saved before the first chunk leaves, so a restart resends these chunks, not new ones.
    st.plan = {
      start: st.offset,
      end: next.read.end,
      firstSequence: st.nextSequence,
      count: next.chunks.length,
      acked: 0,
    };
    await ctx.save();
    await sendPlanned(file, st, ctx, next.chunks);
  }
}
