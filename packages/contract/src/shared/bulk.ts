// Inputs and outputs of tools that act on many memories at once and report each id they skip.
import { z } from 'zod';
import { BULK_IDS_MAX } from '../bounds';
import { uuid } from './ids';

export const bulkIds = z.array(uuid).min(1).max(BULK_IDS_MAX);

/** A bulk call settles what it can; the rest is reported instead of failing the whole call. */
export const SKIP_REASONS = ['not_found', 'forbidden', 'already_retired', 'not_retired'] as const;
export const skippedItem = z.object({ id: uuid, reason: z.enum(SKIP_REASONS) });
