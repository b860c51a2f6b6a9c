// `ingest_conversation`: accept one chunk of a transcript for background extraction of memories.
import { z } from 'zod';
import { RUN_ID_MAX_CHARS, SEQUENCE_MAX, SESSION_KEY_MAX_CHARS } from '../bounds';
import { RECALLED_IDS_MAX, TRANSCRIPT_CHUNK_MAX_CHARS } from '../limits';
import { uuid } from '../shared/ids';
import { runView } from '../shared/runs';
import { memorySource } from '../shared/memory-fields';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { boundedText } from '../shared/text';
import { threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

/** Printable and safe in logs and file names: the watcher's per-cycle id. */
const watcherRunId = z
  .string()
  .min(1)
  .max(RUN_ID_MAX_CHARS)
  .regex(/^[A-Za-z0-9._:-]+$/, 'run_id uses letters, digits and . _ : - only');

const input = z
  .strictObject({
    transcript_chunk: z
      .string()
      .min(1)
      .max(TRANSCRIPT_CHUNK_MAX_CHARS)
      .describe('Transcript text, verbatim; at most 200000 characters.'),
    recalled_ids: z
      .array(uuid)
      .max(RECALLED_IDS_MAX)
      .default([])
      .describe('Ids of memories the conversation already recalled; at most 200.'),
    run_id: watcherRunId.describe('Id of the watcher pass; links all chunks sent in one pass.'),
    session_key: boundedText(SESSION_KEY_MAX_CHARS).describe('Stable key of the conversation.'),
    sequence: z
      .int()
      .min(0)
      .max(SEQUENCE_MAX)
      .describe('Position of this chunk in the conversation.'),
    final: z
      .boolean()
      .default(false)
      .describe('True on the last chunk of a finished conversation.'),
    ...targetFields,
    ...threadField,
    source: memorySource.optional(),
  })
  .superRefine(refineSingleTarget);

const output = z.object({
  chunk_id: uuid,
  accepted: z.boolean().describe('False when this session_key and sequence were already stored.'),
  queued: z.boolean().describe('True when extraction continues in the background.'),
  run_id: z.string(),
  sequence: z.int(),
  extraction: z
    .object({
      run: runView.describe('The background run that turns this chunk into memories.'),
      result: z
        .object({
          memories_created: z.int(),
          duplicates: z.int().describe('Found memories already stored (exactly or nearly), not stored again.'),
          conflicts: z.int().describe('Contradictions with stored memories, recorded for resolve_conflicts.'),
          secrets_skipped: z.int().describe('Found memories holding a credential, never stored.'),
          open_loops: z.int(),
          memory_ids: z.array(uuid),
        })
        .nullable()
        .describe('Present once the run succeeded; resend the same session_key and sequence to read it.'),
    })
    .describe('Since 7.2.0: the extraction of this chunk.'),
});

export const ingestConversationTool = defineTool({
  name: 'ingest_conversation',
  title: 'Ingest conversation',
  description: describe(
    'Send one chunk of a conversation transcript so durable memories are extracted from it in the background. Meant for the watcher daemon and for clients that archive whole conversations; an agent storing one fact should use remember instead.',
    'Split long transcripts (the watcher splits at 24000 characters); a chunk holds at most 200000 characters and recalled_ids at most 200 ids. Send chunks of one conversation with the same session_key and increasing sequence; resending the same session_key and sequence is accepted once and answered again without storing twice. The answer comes at once with the extraction run; extraction continues in the background, and resending the chunk reports its outcome.',
  ),
  input,
  output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
});
