// The card log: append-only notes, read newest first a page at a time.
import { cardLog, type Tx } from '@svc/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from './cursor';

export interface LogEntry {
  id: string;
  note: string;
  created_by: string;
  created_at: string;
}

type LogRow = typeof cardLog.$inferSelect;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
/** Keyed by the last entry's id: comparing against its stored timestamp keeps full precision. */
const logCursor = z.object({ after: z.uuid() });

const toEntry = (row: LogRow): LogEntry => ({
  id: row.id,
  note: row.note,
  created_by: row.authorId ?? NIL_UUID,
  created_at: row.createdAt.toISOString(),
});

/** The author is always the caller: the database refuses a note in anyone else's name. */
export async function appendNote(
  tx: Tx,
  userId: string,
  cardId: string,
  note: string,
): Promise<LogEntry> {
  // clock_timestamp(): two notes of one call (a landing, then a move) still read newest first.
  const [row] = await tx
    .insert(cardLog)
    .values({ cardId, authorId: userId, note, createdAt: sql`clock_timestamp()` })
    .returning();
  return toEntry(row!);
}

export async function readLog(
  tx: Tx,
  cardId: string,
  page: { limit: number; cursor?: string },
): Promise<{ entries: LogEntry[]; next_cursor: string | null }> {
  const after = page.cursor ? decodeCursor(page.cursor, logCursor).after : null;
  const before = after
    ? sql`(${cardLog.createdAt}, ${cardLog.id}) < (select l.created_at, l.id from card_log l where l.id = ${after})`
    : undefined;
  const rows = await tx
    .select()
    .from(cardLog)
    .where(and(eq(cardLog.cardId, cardId), before))
    .orderBy(desc(cardLog.createdAt), desc(cardLog.id))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const kept = rows.slice(0, page.limit);
  const last = kept.at(-1);
  return {
    entries: kept.map(toEntry),
    next_cursor: more && last ? encodeCursor({ after: last.id }) : null,
  };
}
