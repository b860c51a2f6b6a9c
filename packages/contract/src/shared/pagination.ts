// Cursor pagination shared by every listing tool.
import { z } from 'zod';
import { CURSOR_MAX_CHARS, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../bounds';

/** Opaque to the caller: pass back exactly what a previous page returned. */
export const cursor = z.string().min(1).max(CURSOR_MAX_CHARS);

export const pageLimit = z.int().min(1).max(PAGE_LIMIT_MAX);

export const pageFields = {
  limit: pageLimit.default(PAGE_LIMIT_DEFAULT),
  cursor: cursor.optional(),
};

export const nextCursor = cursor
  .nullable()
  .describe('Pass as cursor for the next page; null at the end.');
