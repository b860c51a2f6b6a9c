// A conflict between two memories as list_conflicts shows it.
import { z } from 'zod';
import { isoDateTime, uuid } from './ids';
import { memoryView } from './memory-view';

export const CONFLICT_KINDS = ['contradiction', 'duplicate'] as const;
export const conflictKind = z.enum(CONFLICT_KINDS);

export const CONFLICT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export const conflictStatus = z.enum(CONFLICT_STATUSES);

export const conflictView = z.object({
  id: uuid,
  kind: conflictKind,
  status: conflictStatus,
  a: memoryView,
  b: memoryView,
  explanation: z.string().nullable().describe('What the two memories disagree on.'),
  detected_at: isoDateTime,
  resolved_at: isoDateTime.nullable(),
  resolution: z.string().nullable(),
});
export type ConflictView = z.infer<typeof conflictView>;
