// A memory as tool results show it: the glossary's fields plus its URI and derived status.
import { z } from 'zod';
import { isoDateTime, pointInTime, uuid } from './ids';
import { loopState, memoryKind } from './memory-fields';
import { scopeTarget } from './scope';

/** Derived from retirement and supersedes links; the stored row has no status column. */
export const MEMORY_STATUSES = ['active', 'retired', 'superseded'] as const;
export const memoryStatus = z.enum(MEMORY_STATUSES);

export const memorySourceView = z.object({
  agent: z.string().nullable(),
  client: z.string().nullable(),
  conversation_id: z.string().nullable(),
  chunk_id: uuid.nullable(),
});

export const memoryView = z.object({
  id: uuid,
  uri: z.string().describe('svc://memory/{id}: read it for the full, untruncated row.'),
  owner_id: uuid,
  scope: scopeTarget,
  project_id: uuid.nullable(),
  content: z.string().describe('English text (translated when written in another language).'),
  truncated: z.boolean().describe('True when content was cut to the preview length.'),
  language: z.string().describe('BCP-47 tag of the language the memory was written in.'),
  original: z
    .object({ language: z.string(), content: z.string() })
    .optional()
    .describe('The text as written, when not in English; in svc://memory/{id} only (since 7.3.0).'),
  kind: memoryKind,
  tags: z.array(z.string()),
  importance: z.number().min(0).max(1),
  status: memoryStatus,
  loop_state: loopState.nullable().describe('null: not an open loop.'),
  loop_closed_at: isoDateTime.nullable(),
  event_at: pointInTime.nullable().describe('When the remembered thing happened, if known.'),
  source: memorySourceView.nullable(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  invalidated_at: isoDateTime.nullable(),
  invalidated_by: uuid.nullable(),
  invalidation_reason: z.string().nullable(),
  shared_by: uuid.nullable(),
  shared_at: isoDateTime.nullable(),
  supersedes: z.array(uuid),
  superseded_by: z.array(uuid),
});
export type MemoryView = z.infer<typeof memoryView>;

/** A ranked hit of recall, search or build_context. */
export const scoredMemory = z.object({
  memory: memoryView,
  score: z.number().min(0).max(1),
  why: z.string().describe('Why this memory was returned, in one sentence.'),
});
