// Input fields describing a memory, shared by remember, import_memory and the filters of reads.
import { z } from 'zod';
import {
  MEMORY_CONTENT_MAX_CHARS,
  METADATA_KEY_MAX_CHARS,
  METADATA_MAX_CHARS,
  METADATA_MAX_KEYS,
  SOURCE_FIELD_MAX_CHARS,
  TAGS_MAX,
  TAG_MAX_CHARS,
} from '../bounds';
import { uuid } from './ids';
import { boundedText } from './text';

export const MEMORY_KINDS = [
  'fact',
  'preference',
  'decision',
  'instruction',
  'event',
  'observation',
  'note',
] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];
export const memoryKind = z.enum(MEMORY_KINDS);
/** A filter on kinds: each kind at most once in practice, so never more entries than kinds. */
export const memoryKinds = z.array(memoryKind).min(1).max(MEMORY_KINDS.length);

export const LOOP_STATES = ['open', 'closed'] as const;
export const loopState = z.enum(LOOP_STATES);

export const memoryContent = boundedText(MEMORY_CONTENT_MAX_CHARS);

/** Tags compare case-insensitively, so they are folded to lower case on the way in. */
export const tag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(TAG_MAX_CHARS)
  .regex(/^[^\s,]+$/, 'a tag has no spaces or commas');
export const tags = z.array(tag).max(TAGS_MAX);

export const importance = z.number().min(0).max(1);

export const memorySource = z.strictObject({
  agent: boundedText(SOURCE_FIELD_MAX_CHARS).optional(),
  client: boundedText(SOURCE_FIELD_MAX_CHARS).optional(),
  conversation_id: boundedText(SOURCE_FIELD_MAX_CHARS).optional(),
  chunk_id: uuid.optional(),
});
export type MemorySource = z.infer<typeof memorySource>;

function serializedLength(value: unknown): number {
  try {
    return JSON.stringify(value).length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Free-form JSON the caller keeps with a memory; bounded in keys and serialized size. */
export const metadata = z
  .record(z.string().min(1).max(METADATA_KEY_MAX_CHARS), z.unknown())
  .refine((value) => Object.keys(value).length <= METADATA_MAX_KEYS, {
    message: `metadata holds at most ${METADATA_MAX_KEYS} keys`,
  })
  .refine((value) => serializedLength(value) <= METADATA_MAX_CHARS, {
    message: `metadata serializes to at most ${METADATA_MAX_CHARS} characters`,
  });
